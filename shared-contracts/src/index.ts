export * from './constants';
export * from './errors';
export * from './domain';
export * from './schemas';
export * from './routes';
export * from './client';
export * from './host';
export * from './pairPath';
