/**
 * Whether what the app has read may have missed a live event. Every API answer to a GET says where the
 * server's process was in the live events when it began to read (EVENTS_POSITION_HEADER), and the event
 * stream's 'hello' where its events start. Answers read at the hello's position cannot have missed an
 * event the stream will not carry, so a page whose data was fetched with the session, before the stream
 * opened, is not fetched again when its hello comes: before, every such page asked for its data twice.
 */

/** The position every answer since the last hello was read at; undefined before the first answer. */
let readAt: string | undefined;
/** Whether answers since the last hello came at different positions, or one came without any. */
let readsDiffer = false;
/** The position of the last hello: what was read before it is up to date as of there. */
let lastHello: string | undefined;

/** Notes the position of an API answer (null when it carried none: an older server, a proxy's answer). */
export function noteReadPosition(position: string | null): void {
  if (position === null || (readAt !== undefined && readAt !== position)) readsDiffer = true;
  else readAt = position;
}

/**
 * At a hello at `position` (undefined from a server that gives none): whether the answers read since the
 * last hello, or the last hello itself, may have missed an event. Starts counting afresh for the next one.
 */
export function takeHello(position: string | undefined): boolean {
  const missed =
    position === undefined ||
    readsDiffer ||
    (readAt !== undefined && readAt !== position) ||
    (lastHello !== undefined && lastHello !== position);
  readAt = undefined;
  readsDiffer = false;
  lastHello = position;
  return missed;
}
