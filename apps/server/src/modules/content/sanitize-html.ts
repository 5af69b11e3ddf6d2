import sanitizeHtml from 'sanitize-html';

/**
 * The HTML a text page may hold (SPEC.md "Static text pages": the server supplies the HTML and
 * the page shows it as it is). What the admin's rich-text editor writes survives: paragraphs,
 * headings, emphasis, quotes, code, lists, links, images and tables. Everything that can run
 * script or change the page around it goes: script, style, iframe, object, embed, SVG, MathML,
 * forms, every on* handler, style attributes other than text alignment, and any URL that is not
 * http(s), mailto, tel or a relative path. The output is serialised fresh by the sanitiser, so
 * it is well-formed whatever went in.
 */

const HEADINGS = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'];
const ALIGNABLE = ['p', 'div', 'th', 'td', ...HEADINGS];
const ALIGN = { 'text-align': [/^(left|right|center|justify)$/] };

/** Tags whose whole content is dropped with them, not only the tags. */
const DROPPED_WITH_CONTENT = [
  'script',
  'style',
  'textarea',
  'option',
  'select',
  'noscript',
  'noembed',
  'noframes',
  'template',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'svg',
  'math',
  'xmp',
  'plaintext',
  'title',
  'head',
];

const REL_TOKENS = new Set(['nofollow', 'noopener', 'noreferrer', 'ugc', 'external']);
const WHOLE_NUMBER = /^\d{1,5}$/;
const SMALL_COUNT = /^\d{1,3}$/;

function keepIf(
  attribs: sanitizeHtml.Attributes,
  name: string,
  pattern: RegExp,
): sanitizeHtml.Attributes {
  const value = attribs[name];
  if (value === undefined || pattern.test(value.trim())) return attribs;
  const { [name]: _dropped, ...rest } = attribs;
  return rest;
}

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    ...HEADINGS,
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'blockquote',
    'code',
    'pre',
    'hr',
    'ul',
    'ol',
    'li',
    'a',
    'img',
    'table',
    'caption',
    'colgroup',
    'col',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'th',
    'td',
    'span',
    'div',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    th: ['colspan', 'rowspan', 'style'],
    td: ['colspan', 'rowspan', 'style'],
    col: ['span'],
    ol: ['start'],
    code: ['class'],
    ...Object.fromEntries(
      ALIGNABLE.filter((tag) => tag !== 'th' && tag !== 'td').map((tag) => [tag, ['style']]),
    ),
  },
  allowedStyles: Object.fromEntries(ALIGNABLE.map((tag) => [tag, ALIGN])),
  // Code blocks keep their language for highlighting, nothing else.
  allowedClasses: { code: ['language-*'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite'],
  // `//host/path` would load from any host with the page's scheme: only same-site paths.
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  selfClosing: ['img', 'br', 'hr', 'col'],
  nonTextTags: DROPPED_WITH_CONTENT,
  transformTags: {
    a: (tagName, attribs) => {
      const { target, rel, ...rest } = attribs;
      const tokens = new Set(
        (rel ?? '')
          .toLowerCase()
          .split(/\s+/)
          .filter((token) => REL_TOKENS.has(token)),
      );
      const result: sanitizeHtml.Attributes = { ...rest };
      // A new tab may not reach back to this page (window.opener) nor learn where it came from.
      if (target?.trim().toLowerCase() === '_blank') {
        result.target = '_blank';
        tokens.add('noopener').add('noreferrer');
      }
      if (tokens.size > 0) result.rel = [...tokens].join(' ');
      return { tagName, attribs: result };
    },
    img: (tagName, attribs) => ({
      tagName,
      attribs: keepIf(keepIf(attribs, 'width', WHOLE_NUMBER), 'height', WHOLE_NUMBER),
    }),
    th: (tagName, attribs) => ({ tagName, attribs: cellSpans(attribs) }),
    td: (tagName, attribs) => ({ tagName, attribs: cellSpans(attribs) }),
    col: (tagName, attribs) => ({ tagName, attribs: keepIf(attribs, 'span', SMALL_COUNT) }),
    ol: (tagName, attribs) => ({ tagName, attribs: keepIf(attribs, 'start', WHOLE_NUMBER) }),
  },
  // An image whose address was removed (data:, javascript:) shows nothing: drop it entirely.
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

function cellSpans(attribs: sanitizeHtml.Attributes): sanitizeHtml.Attributes {
  return keepIf(keepIf(attribs, 'colspan', SMALL_COUNT), 'rowspan', SMALL_COUNT);
}

/** A text page's HTML, reduced to what may be shown on the site. */
export function sanitizeTextPageHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

/**
 * Whether sanitised HTML shows nothing: no text (spaces and no-break spaces do not count) and
 * no image. An editor's empty document (`<p></p>`) is blank.
 */
export function isBlankHtml(html: string): boolean {
  if (/<img\s/i.test(html)) return false;
  const text = sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} })
    .replace(/&nbsp;|&#160;|&#xa0;/gi, ' ')
    .trim();
  return text === '';
}
