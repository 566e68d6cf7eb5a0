import type { KeyObject } from 'node:crypto';

export const SIGNATURE_FILE: string;
export const SIGNATURE_FORMAT: string;
export function devKeyPaths(root: string): { privateKey: string; publicKey: string };
export function keyIdOf(publicKey: KeyObject): string;
export function parsePublicKeys(value: string | undefined): KeyObject[];
export function generateSigningKey(): { privatePem: string; publicPem: string; publicBase64: string; keyId: string };
export function ensureDevKey(root: string): { privatePem: string; publicPem: string; paths: { privateKey: string; publicKey: string } };
export function signFiles(remote: string, files: Record<string, string | Buffer>, privatePem: string): string;
export function signServerDir(serverDir: string, remote: string, privatePem: string): string;
export function verifySignature(text: string, remote: string, keys: KeyObject[]): { files: Record<string, string>; digest: string; keyId: string };
export function signingKeyFor(root: string, remote: string, env?: Record<string, string | undefined>): { privatePem: string; source: string; dev: boolean };
export function signedWith(serverDir: string, privatePem: string): boolean;
export function verifyServerDir(serverDir: string, remote: string, keys: KeyObject[]): { keyId: string; files: number };
