import { ensureWebBuild } from '../../../scripts/web-build';

/** The journeys run against the production build, made here when it is missing or stale. */
export const setup = () => ensureWebBuild();
