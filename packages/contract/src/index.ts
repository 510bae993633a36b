export * from './api-paths';
export * from './auth';
export * from './errors';
export * from './health';
export * from './roles';
export * from './text';
export * from './wan-type';
