export * from './auth';
export * from './common';
export * from './dictionaries';
export * from './profiles';
export * from './users';
