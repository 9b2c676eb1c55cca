export * from './auth';
export * from './common';
export * from './competencies';
export * from './dictionaries';
export * from './managers';
export * from './profiles';
export * from './users';
