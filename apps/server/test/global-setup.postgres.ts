import { createTemplate, dropTemplate } from './database';

export const setup = () => createTemplate('postgres');
export const teardown = () => dropTemplate('postgres');
