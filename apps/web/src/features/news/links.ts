/** Spec §2: the shared link of a comment, which opens the feed scrolled to it. */
export const commentLink = (postId: number, messageId: number) =>
  `/news?${new URLSearchParams({ postId: String(postId), messageId: String(messageId) })}`;

const idParam = (value: string | null) => {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
};

/** The post and comment a shared link names; null for what it does not name (or names badly). */
export const linkTarget = (params: URLSearchParams) => ({
  postId: idParam(params.get('postId')),
  messageId: idParam(params.get('messageId')),
});
