import { createTemplate } from './database';

export const setup = () => createTemplate('pglite');
