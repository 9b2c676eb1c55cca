import { Typography } from '@mantine/core';
import classes from './post-body.module.css';

/**
 * A post's body as the server rendered it from Markdown (`body_html`): sanitized there (raw HTML
 * escaped, only http(s) and mailto links; docs/decisions/0009). It is the one piece of user text the
 * app inserts as HTML; never pass it anything else.
 */
export function PostBody({ html }: { html: string }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the server's sanitized rendering, see above
  return <Typography className={classes.body} dangerouslySetInnerHTML={{ __html: html }} />;
}
