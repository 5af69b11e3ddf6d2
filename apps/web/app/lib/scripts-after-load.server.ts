import { HELD_MODULE_TYPE, HELD_MODULEPRELOAD_REL } from './scripts-after-load.ts';

/** What is made inert: an attribute written exactly so, inside a tag of this name. */
const HELD_ATTRIBUTES = [
  {
    tag: Buffer.from('<link'),
    written: Buffer.from(' rel="modulepreload"'),
    held: Buffer.from(` rel="${HELD_MODULEPRELOAD_REL}"`),
  },
  {
    tag: Buffer.from('<script'),
    written: Buffer.from(' type="module"'),
    held: Buffer.from(` type="${HELD_MODULE_TYPE}"`),
  },
];
const TAG_START = '<'.charCodeAt(0);
const TAG_END = '>'.charCodeAt(0);

/**
 * A page's HTML with its modulepreload links and module scripts written inert. Works on the
 * bytes React wrote: a shop page is about 160 KB, and decoding it to a string and running a
 * regular expression over it cost about 5 ms a page, a fifth of its render. Text and attribute
 * values never hold a bare `"` (React escapes it), and inline scripts' JSON writes it as `\"`,
 * so an exact ` rel="modulepreload"` inside an open `<link` tag is the real attribute.
 */
export function holdScriptsUntilLoad(html: Buffer): Buffer {
  const cuts: { at: number; length: number; held: Buffer }[] = [];
  for (const { tag, written, held } of HELD_ATTRIBUTES) {
    for (
      let at = html.indexOf(written);
      at !== -1;
      at = html.indexOf(written, at + written.length)
    ) {
      const tagStart = html.lastIndexOf(TAG_START, at);
      const inOpenTag = tagStart !== -1 && html.indexOf(TAG_END, tagStart) > at;
      const tagName = html.subarray(tagStart, tagStart + tag.length);
      const afterName = html[tagStart + tag.length];
      if (inOpenTag && tagName.equals(tag) && (afterName === 0x20 || afterName === 0x2f)) {
        cuts.push({ at, length: written.length, held });
      }
    }
  }
  if (cuts.length === 0) return html;
  cuts.sort((a, b) => a.at - b.at);
  const parts: Buffer[] = [];
  let from = 0;
  for (const cut of cuts) {
    parts.push(html.subarray(from, cut.at), cut.held);
    from = cut.at + cut.length;
  }
  parts.push(html.subarray(from));
  return Buffer.concat(parts);
}
