import { describe, expect, it } from 'vitest';
import { isBlankHtml, sanitizeTextPageHtml as sanitize } from './sanitize-html.ts';

/**
 * Text pages are shown as the HTML the server supplies (SPEC.md "Static text pages"), so
 * whatever an admin's browser, a stolen admin session or a pasted document sends must come out
 * unable to run script, while the editor's formatting survives.
 */

/** Nothing in the output may run script, whatever the input tried. */
function expectInert(html: string): void {
  expect(html).not.toMatch(
    /<\s*(script|style|iframe|object|embed|svg|math|form|input|base|meta|link|noscript)\b/i,
  );
  expect(html).not.toMatch(/\son[a-z]+\s*=/i);
  expect(html).not.toMatch(/(javascript|vbscript|data)\s*:/i);
  expect(html).not.toMatch(/\sstyle="(?!text-align:(left|right|center|justify)")/i);
}

describe('hostile HTML', () => {
  const attacks: [string, string, string][] = [
    ['a script tag with its content', '<script>alert(1)</script><p>Hello</p>', '<p>Hello</p>'],
    [
      'an upper-case script tag',
      '<SCRIPT SRC="https://evil.example/x.js"></SCRIPT><p>Hi</p>',
      '<p>Hi</p>',
    ],
    [
      'an onerror handler on an image',
      '<img src="/a.jpg" onerror="alert(1)">',
      '<img src="/a.jpg" />',
    ],
    ['an unquoted onerror handler', '<img src=x onerror=alert(1)>', '<img src="x" />'],
    [
      'an onclick on a paragraph',
      '<p onclick="alert(1)" onmouseover=alert(2)>Text</p>',
      '<p>Text</p>',
    ],
    ['a javascript: link', '<a href="javascript:alert(1)">x</a>', '<a>x</a>'],
    ['a mixed-case javascript: link', '<a href="JaVaScRiPt:alert(1)">x</a>', '<a>x</a>'],
    ['a javascript: link with one entity', '<a href="jav&#x61;script:alert(1)">x</a>', '<a>x</a>'],
    [
      'a javascript: link written all in decimal entities',
      '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>',
      '<a>x</a>',
    ],
    ['a javascript: link with a tab inside', '<a href="java\tscript:alert(1)">x</a>', '<a>x</a>'],
    [
      'a javascript: link with a newline entity',
      '<a href="java&#10;script:alert(1)">x</a>',
      '<a>x</a>',
    ],
    ['a javascript: link after spaces', '<a href="  javascript:alert(1)">x</a>', '<a>x</a>'],
    ['a vbscript: link', '<a href="vbscript:msgbox(1)">x</a>', '<a>x</a>'],
    ['a data: link', '<a href="data:text/html,<script>alert(1)</script>">d</a>', '<a>d</a>'],
    ['a data: image', '<p>a</p><img src="data:image/svg+xml;base64,PHN2Zz4=">', '<p>a</p>'],
    ['a javascript: image', '<img src="javascript:alert(1)" alt="x">', ''],
    ['a protocol-relative image', '<img src="//evil.example/pixel.png">', ''],
    ['a script inside SVG', '<svg><script>alert(1)</script></svg><p>ok</p>', '<p>ok</p>'],
    ['SVG with onload', '<svg onload="alert(1)"><circle r="4"/></svg><p>ok</p>', '<p>ok</p>'],
    [
      'an SVG foreignObject',
      '<svg><foreignObject><img src=x onerror=alert(1)></foreignObject></svg>',
      '',
    ],
    ['an iframe', '<iframe src="https://evil.example"></iframe><p>a</p>', '<p>a</p>'],
    ['an srcdoc iframe', '<iframe srcdoc="<script>alert(1)</script>"></iframe>', ''],
    ['a style element', '<style>body{display:none}</style><p>a</p>', '<p>a</p>'],
    ['MathML', '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>', ''],
    ['object and embed', '<object data="x.swf"></object><embed src="x.swf"><p>a</p>', '<p>a</p>'],
    [
      'a form with inputs',
      '<form action="/api/x"><input name="a"><button>Go</button></form>',
      'Go',
    ],
    [
      'base, meta refresh and a stylesheet',
      '<base href="https://evil/"><meta http-equiv="refresh" content="0;url=javascript:alert(1)"><link rel="stylesheet" href="x.css">',
      '',
    ],
    [
      'the noscript title mutation',
      '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
      '',
    ],
    [
      'a script split around a tag',
      '<<script>script>alert(1)<</script>/script>',
      '&lt;/script&gt;',
    ],
    ['a template', '<template><img src=x onerror=alert(1)></template><p>a</p>', '<p>a</p>'],
    ['a comment', '<p>a<!-- <img src=x onerror=alert(1)> --></p>', '<p>a</p>'],
    [
      'styles other than alignment',
      '<p style="text-align:center; background:url(javascript:alert(1)); position:fixed">c</p>',
      '<p style="text-align:center">c</p>',
    ],
    ['a style on a span', '<span style="color:red">r</span>', '<span>r</span>'],
    [
      'an escaped tag in an attribute',
      '<img src="/x.jpg" alt="<script>alert(1)</script>">',
      '<img src="/x.jpg" alt="&lt;script&gt;alert(1)&lt;/script&gt;" />',
    ],
    [
      'classes other than a code language',
      '<p class="admin-only">a</p><pre><code class="language-js evil">x</code></pre>',
      '<p>a</p><pre><code class="language-js">x</code></pre>',
    ],
  ];
  for (const [name, input, expected] of attacks) {
    it(`removes ${name}`, () => {
      const output = sanitize(input);
      expect(output).toBe(expected);
      expectInert(output);
    });
  }

  it('gives the same answer when run on its own output', () => {
    for (const [, input] of attacks) {
      const once = sanitize(input);
      expect(sanitize(once)).toBe(once);
    }
  });
});

describe('what the editor writes', () => {
  it('keeps headings, emphasis, quotes, code and rules', () => {
    const html =
      '<h1>T</h1><h2>A</h2><h3>B</h3><h4>C</h4><h5>D</h5><h6>E</h6>' +
      '<p><strong>s</strong><b>b</b><em>e</em><i>i</i><u>u</u><s>x</s><br />next</p>' +
      '<blockquote><p>q</p></blockquote><pre><code>let a = 1 &lt; 2;</code></pre><hr />' +
      '<div><span>d</span></div>';
    expect(sanitize(html)).toBe(html);
  });

  it('keeps lists, with a numbered list’s start', () => {
    const html = '<ul><li>a</li><li><p>b</p></li></ul><ol start="3"><li>c</li></ol>';
    expect(sanitize(html)).toBe(html);
  });

  it('keeps web, mail, phone and relative links', () => {
    const html =
      '<p><a href="https://example.com/?a=1&amp;b=2" title="Site">web</a> ' +
      '<a href="http://example.org">plain</a> <a href="mailto:sales@labshop.example">mail</a> ' +
      '<a href="tel:+14195550142">call</a> <a href="/shop/Vibrators">shop</a> ' +
      '<a href="#top">top</a></p>';
    expect(sanitize(html)).toBe(html);
  });

  it('adds noopener noreferrer to links opening a new tab and drops other targets', () => {
    expect(sanitize('<a href="https://x.example" target="_blank">t</a>')).toBe(
      '<a href="https://x.example" target="_blank" rel="noopener noreferrer">t</a>',
    );
    // TipTap's link: the nofollow stays, an unknown token goes.
    expect(
      sanitize('<a href="https://x.example" target="_blank" rel="nofollow opener">t</a>'),
    ).toBe('<a href="https://x.example" target="_blank" rel="nofollow noopener noreferrer">t</a>');
    expect(sanitize('<a href="/about" target="_top">r</a>')).toBe('<a href="/about">r</a>');
  });

  it('keeps images with alt, title and numeric sizes', () => {
    expect(
      sanitize(
        '<img src="https://cdn.example/a.jpg" alt="Lab" title="Our lab" width="640" height="480">',
      ),
    ).toBe(
      '<img src="https://cdn.example/a.jpg" alt="Lab" title="Our lab" width="640" height="480" />',
    );
    expect(sanitize('<img src="/uploads/a.jpg" width="100%" height="50px">')).toBe(
      '<img src="/uploads/a.jpg" />',
    );
  });

  it('keeps tables as TipTap writes them, without their inline sizes', () => {
    const output = sanitize(
      '<table style="min-width: 50px"><colgroup><col style="min-width: 25px"><col span="2"></colgroup>' +
        '<thead><tr><th colspan="2" rowspan="1" onclick="x"><p>Head</p></th></tr></thead>' +
        '<tbody><tr><td colspan="1" rowspan="2" style="text-align:right"><p>Cell</p></td><td colspan="all">x</td></tr></tbody>' +
        '<tfoot><tr><td>f</td></tr></tfoot><caption>Cap</caption></table>',
    );
    expect(output).toBe(
      '<table><colgroup><col /><col span="2" /></colgroup>' +
        '<thead><tr><th colspan="2" rowspan="1"><p>Head</p></th></tr></thead>' +
        '<tbody><tr><td colspan="1" rowspan="2" style="text-align:right"><p>Cell</p></td><td>x</td></tr></tbody>' +
        '<tfoot><tr><td>f</td></tr></tfoot><caption>Cap</caption></table>',
    );
  });

  it('keeps text alignment on paragraphs and headings', () => {
    const html = '<h2 style="text-align:center">C</h2><p style="text-align:justify">J</p>';
    expect(sanitize(html)).toBe(html);
  });
});

describe('blank pages', () => {
  it('counts an empty document, spaces, no-break spaces and line breaks as blank', () => {
    for (const html of [
      '',
      '<p></p>',
      '<p>   </p>',
      '<p>&nbsp;</p>',
      '<p> <br /> </p>',
      '<h1></h1><ul><li></li></ul>',
    ]) {
      expect(isBlankHtml(sanitize(html)), html).toBe(true);
    }
  });

  it('counts a page of removed script as blank', () => {
    expect(isBlankHtml(sanitize('<script>alert(1)</script><svg onload=alert(1)></svg>'))).toBe(
      true,
    );
  });

  it('counts text or an image as content', () => {
    expect(isBlankHtml(sanitize('<p>x</p>'))).toBe(false);
    expect(isBlankHtml(sanitize('<p><img src="/a.jpg" alt=""></p>'))).toBe(false);
  });
});
