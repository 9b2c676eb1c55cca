export * from './auth';
export * from './companies';
export * from './dictionaries';
export * from './holidays';
export * from './managers';
export * from './roles';
export * from './structure';
export * from './users';
