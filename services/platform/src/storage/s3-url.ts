/**
 * The S3_URL setting, one string for endpoint, credentials, bucket and region:
 *
 *   http(s)://ACCESS_KEY:SECRET_KEY@host:port/bucket[/key/prefix]?region=us-east-1
 *
 * - path-style addressing (`host/bucket/key`), which every S3-compatible server (MinIO, Ceph,
 *   Garage, SeaweedFS, s3rver) and AWS itself accept;
 * - credentials are URL-encoded (`encodeURIComponent` a secret holding `/` or `+`); without
 *   them the AWS SDK's default chain is used (AWS_ACCESS_KEY_ID, instance roles, ...);
 * - an optional key prefix after the bucket lets several deployments share one bucket;
 * - `region` defaults to us-east-1 (what most S3-compatible servers expect).
 */
import { StorageError } from './port';

export type S3Location = {
  /** `http(s)://host:port`, no credentials or path. */
  endpoint: string;
  bucket: string;
  /** '' or ending with '/': prepended to every key. */
  keyPrefix: string;
  region: string;
  credentials?: { accessKeyId: string; secretAccessKey: string };
};

export function parseS3Url(s3Url: string): S3Location {
  let url: URL;
  try {
    url = new URL(s3Url);
  } catch {
    throw invalid('not a URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw invalid('the scheme must be http or https');
  const [bucket, ...rest] = url.pathname.split('/').filter(Boolean).map(decodeURIComponent);
  if (!bucket) throw invalid('the path must name the bucket (http://host:port/bucket)');
  const user = decodeURIComponent(url.username);
  const password = decodeURIComponent(url.password);
  if (Boolean(user) !== Boolean(password)) throw invalid('give both the access key and the secret key, or neither');
  return {
    endpoint: `${url.protocol}//${url.host}`,
    bucket,
    keyPrefix: rest.length ? `${rest.join('/')}/` : '',
    region: url.searchParams.get('region') || 'us-east-1',
    credentials: user ? { accessKeyId: user, secretAccessKey: password } : undefined,
  };
}

/** Never echoes the URL: it holds the secret key. */
function invalid(reason: string): StorageError {
  return new StorageError('invalid_config', `Invalid S3_URL: ${reason} (expected http://ACCESS:SECRET@host:port/bucket?region=us-east-1)`);
}
