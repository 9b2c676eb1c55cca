import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

/**
 * The access log: one line a request, written when its answer has gone (method, address, client, status,
 * time), instead of Fastify's two (one as the request arrives, one when answered). At info, as Fastify's
 * own lines were; a route's logLevel (the health probe's warn) still silences it, and an answer cut off by
 * an error of the connection is logged at error. Fastify's two lines a request doubled the log and its
 * cost: writing the log took ~4% of a busy server's CPU in a profile of the bench (docs/performance.md,
 * twelfth pass).
 */
export class AccessLog extends LogController {
  override incomingRequest() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}
