// @koa/multer ships no types (and @types/multer is not installed): the little we use of it.
declare module '@koa/multer' {
  import type { Middleware } from 'koa';

  export interface UploadedFile {
    fieldname: string;
    originalname: string;
    mimetype: string;
    size: number;
    buffer: Buffer;
  }

  interface Limits {
    fileSize?: number;
    files?: number;
    fields?: number;
    parts?: number;
    fieldSize?: number;
    headerPairs?: number;
  }

  interface Multer {
    single(field: string): Middleware;
  }

  interface MulterFactory {
    (options: { storage: unknown; limits?: Limits }): Multer;
    memoryStorage(): unknown;
  }

  const multer: MulterFactory;
  export default multer;
}
