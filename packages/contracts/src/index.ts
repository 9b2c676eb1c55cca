export * from './auth';
export * from './common';
export * from './dictionaries';
export * from './users';
