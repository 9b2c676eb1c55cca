/**
 * Script-injection payloads for the XSS journey. Each one, if a page ever ran it, calls `__xss(id)` (or
 * `alert(id)`), which the journey records; `id` names the field it was stored in and the payload, so a
 * finding says where to look (see `hitId`).
 */
type Payload = {
  name: string;
  make: (id: number) => string;
  /** Markup that, parsed, would swallow or redirect what follows it (raw text, a base URL): put last. */
  swallows?: true;
};

const base64 = (text: string) => Buffer.from(text).toString('base64');

export const PAYLOADS: Payload[] = [
  { name: 'script tag', make: (id) => `<script>__xss(${id})</script>` },
  { name: 'img onerror', make: (id) => `<img src=x onerror=__xss(${id})>` },
  { name: 'svg onload', make: (id) => `<svg onload=__xss(${id})>` },
  { name: 'mixed case', make: (id) => `<ImG sRc=x OnErRoR=__xss(${id})>` },
  { name: 'alert', make: (id) => `<img src=x onerror=alert(${id})>` },
  { name: 'attribute breakout', make: (id) => `"><img src=x onerror=__xss(${id})>` },
  { name: 'single-quote breakout', make: (id) => `'><svg/onload=__xss(${id})>` },
  { name: 'iframe srcdoc', make: (id) => `"><iframe srcdoc="<script>parent.__xss(${id})</script>">` },
  { name: 'javascript: link', make: (id) => `<a href="javascript:__xss(${id})">js link</a>` },
  { name: 'tab in scheme', make: (id) => `<a href="jav&#9;ascript:__xss(${id})">tab link</a>` },
  { name: 'entity scheme', make: (id) => `<a href="&#106;avascript:__xss(${id})">entity link</a>` },
  {
    name: 'data: link',
    make: (id) =>
      `<a href="data:text/html;base64,${base64(`<script>opener.__xss(${id})</script>`)}">data</a>`,
  },
  { name: 'markdown javascript: link', make: (id) => `[md js](javascript:__xss(${id}))` },
  { name: 'markdown mixed-case link', make: (id) => `[md case](JaVaScRiPt:__xss(${id}))` },
  { name: 'markdown encoded link', make: (id) => `[md enc](javascript&#58;__xss(${id}))` },
  { name: 'markdown autolink', make: (id) => `<javascript:__xss(${id})>` },
  {
    name: 'markdown data: link',
    make: (id) => `[md data](data:text/html;base64,${base64(`<script>opener.__xss(${id})</script>`)})`,
  },
  {
    name: 'markdown quote breakout',
    make: (id) => `[md quote](https://example.com/"onmouseover="__xss(${id}))`,
  },
  { name: 'markdown image onerror', make: (id) => `![md img](x" onerror="__xss(${id}))` },
  { name: 'markdown image javascript:', make: (id) => `![md img js](javascript:__xss(${id}))` },
  {
    name: 'markdown image data: svg',
    make: (id) =>
      `![md svg](data:image/svg+xml;base64,${base64(`<svg xmlns="http://www.w3.org/2000/svg" onload="__xss(${id})"/>`)})`,
  },
  { name: 'autofocus onfocus', make: (id) => `<input autofocus onfocus=__xss(${id})>` },
  { name: 'details ontoggle', make: (id) => `<details open ontoggle=__xss(${id})>` },
  { name: 'template literal', make: (id) => `\${__xss(${id})}` },
  { name: 'template expression', make: (id) => `{{constructor.constructor('__xss(${id})')()}}` },
  { name: 'js string breakout', make: (id) => `';__xss(${id});//";__xss(${id});//` },
  { name: 'css url', make: (id) => `<div style="background:url(javascript:__xss(${id}))">css</div>` },
  { name: 'css expression', make: (id) => `<p style="width:expression(__xss(${id}))">expr</p>` },
  { name: 'style import', swallows: true, make: (id) => `<style>@import 'javascript:__xss(${id})';</style>` },
  { name: 'entity-encoded tag', make: (id) => `&lt;img src=x onerror=__xss(${id})&gt;` },
  { name: 'entity-encoded handler', make: (id) => `<img src=x onerror=&#95;&#95;xss(${id})>` },
  { name: 'unicode-escaped handler', make: (id) => `<img src=x onerror=\\u005f\\u005fxss(${id})>` },
  { name: 'unicode-escaped tag', make: (id) => `\\u003cimg src=x onerror=__xss(${id})\\u003e` },
  {
    name: 'svg xlink',
    make: (id) => `<svg><a xlink:href="javascript:__xss(${id})"><text y="20">svg link</text></a></svg>`,
  },
  {
    name: 'mutation (math/style)',
    swallows: true,
    make: (id) => `<math><mtext><table><mglyph><style><img src=x onerror=__xss(${id})>`,
  },
  {
    name: 'mutation (noscript)',
    swallows: true,
    make: (id) => `<noscript><p title="</noscript><img src=x onerror=__xss(${id})>">`,
  },
  { name: 'object data', make: (id) => `<object data="javascript:__xss(${id})"></object>` },
  { name: 'base href', swallows: true, make: (id) => `<base href="javascript:__xss(${id})//">` },
  {
    name: 'meta refresh',
    swallows: true,
    make: (id) => `<meta http-equiv="refresh" content="0;url=javascript:__xss(${id})">`,
  },
  { name: 'bare javascript: URL', make: (id) => `javascript:__xss(${id})` },
];

/** The fields the journey stores payloads in, by number; a hit's id is field number × 100 + payload index. */
export const hitId = (field: number, payload: number) => field * 100 + payload;

/** What a recorded id means, for the failure message. */
export function describeHit(id: number, fields: readonly string[]) {
  const payload = PAYLOADS[id % 100];
  return `${fields[Math.floor(id / 100)] ?? `field ${Math.floor(id / 100)}`}: ${payload?.name ?? id % 100}`;
}

/**
 * The payloads for one field, as much of the corpus as fits in `maxLength` characters (at least the
 * shortest one), starting at a different payload per field so that short fields together cover all of it.
 */
export function payloadText(field: number, maxLength = 10_000, separator = ' ') {
  const made = PAYLOADS.map((payload, index) => payload.make(hitId(field, index)));
  const start = field % made.length;
  const rotated = [...made.keys()].map((index) => (index + start) % made.length);
  const ordered = [
    ...rotated.filter((index) => !PAYLOADS[index]?.swallows),
    ...rotated.filter((index) => PAYLOADS[index]?.swallows),
  ].map((index) => made[index] as string);
  const chosen: string[] = [];
  let length = 0;
  for (const text of ordered) {
    const added = text.length + (chosen.length ? separator.length : 0);
    if (length + added > maxLength) continue;
    chosen.push(text);
    length += added;
  }
  if (chosen.length === 0) {
    const shortest = made.reduce((a, b) => (b.length < a.length ? b : a));
    chosen.push(shortest.slice(0, maxLength));
  }
  return chosen.join(separator);
}
