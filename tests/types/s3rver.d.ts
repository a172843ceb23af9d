/** The part of s3rver (a local S3 stand-in, dev dependency) the storage tests use; the package ships no types. */
declare module 's3rver' {
  import type { AddressInfo } from 'node:net';

  interface S3rverOptions {
    /** 0: a free port. */
    port?: number;
    address?: string;
    silent?: boolean;
    /** Folder where buckets and objects are kept. */
    directory: string;
    configureBuckets?: { name: string; configs?: (string | Buffer)[] }[];
  }

  export default class S3rver {
    constructor(options: S3rverOptions);
    /** Starts listening; resolves with the bound address. */
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  }
}
