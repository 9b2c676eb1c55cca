import MarkdownIt from 'markdown-it';
import { createLru } from '../../lib/lru';

const SAFE_LINK = /^(https?:|mailto:)/i;

/**
 * Markdown as posts use it: raw HTML is escaped, not passed through (html: false); links go only to
 * http(s) and mailto addresses and open in a new tab without handing over the portal's window. Pictures
 * belong in the cover: the page's policy would block outside images anyway.
 */
const markdown = new MarkdownIt({ html: false, linkify: true }).disable('image');
markdown.validateLink = (url) => SAFE_LINK.test(url.trim());

const renderToken = markdown.renderer.renderToken.bind(markdown.renderer);
markdown.renderer.rules.link_open = (tokens, idx, options) => {
  const token = tokens[idx];
  token?.attrSet('target', '_blank');
  token?.attrSet('rel', 'noopener noreferrer');
  return renderToken(tokens, idx, options);
};

/**
 * Bodies rendered lately, by their text: every feed page renders its ten posts, and rendering was ~6% of
 * the server's CPU for a feed request (docs/performance.md). Kept per process only, so a fix to the
 * renderer still reaches every post at the next start.
 */
const rendered = createLru<string, string>(200);

/** A post body as HTML that is safe to insert into the page. */
export function renderMarkdown(source: string): string {
  let html = rendered.get(source);
  if (html === undefined) {
    html = markdown.render(source);
    rendered.set(source, html);
  }
  return html;
}
