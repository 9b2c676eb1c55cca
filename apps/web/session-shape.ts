import { createHash } from 'node:crypto';
import { z } from 'zod';
import { SessionResponse } from '../../packages/contracts/src/auth';

/**
 * A fingerprint of the session's contract (SessionResponse as JSON Schema), which the build and the
 * component tests give the app as `__SESSION_SHAPE__`. The app keeps the last session in localStorage to
 * show it at once on the next visit, and reads back only a copy kept under the same fingerprint: one
 * kept by a build that knew another shape of session is ignored, without a schema (or zod) in the browser.
 */
export const SESSION_SHAPE = createHash('sha256')
  .update(JSON.stringify(z.toJSONSchema(SessionResponse)))
  .digest('base64url')
  .slice(0, 16);
