export * from './port';
export * from './create-storage';
export { LocalStorage } from './local-storage';
export { S3Storage, type S3StorageOptions } from './s3-storage';
export { parseS3Url, type S3Location } from './s3-url';
