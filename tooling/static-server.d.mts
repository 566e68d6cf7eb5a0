import type { Server } from 'node:http';
export function createStaticServer(dir: string): Server;
export function cacheControl(filePath: string): string;
