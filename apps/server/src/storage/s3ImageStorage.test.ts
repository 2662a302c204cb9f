import { describe, expect, it } from 'vitest';
import { S3ImageStorage, type S3Settings } from './s3ImageStorage';

const base: S3Settings = {
  bucket: 'quizbeam-images',
  region: 'eu-central-1',
  endpoint: undefined,
  accessKeyId: 'AKIDEXAMPLE',
  secretAccessKey: 'secret',
  publicUrl: undefined,
  forcePathStyle: false,
};
const key = 'accounts/a/images/b/My-Photo.png';

describe('S3 public URLs', () => {
  it('uses the bucket’s AWS address by default', () => {
    expect(new S3ImageStorage(base).publicUrl(key)).toBe(
      `https://quizbeam-images.s3.eu-central-1.amazonaws.com/${key}`,
    );
  });

  it('uses S3_PUBLIC_URL (a CDN) when set', () => {
    const storage = new S3ImageStorage({ ...base, publicUrl: 'https://cdn.example.com/img' });
    expect(storage.publicUrl(key)).toBe(`https://cdn.example.com/img/${key}`);
  });

  it('follows the endpoint in path or virtual-host style', () => {
    const endpoint = 'https://minio.example.com:9000';
    expect(new S3ImageStorage({ ...base, endpoint, forcePathStyle: true }).publicUrl(key)).toBe(
      `https://minio.example.com:9000/quizbeam-images/${key}`,
    );
    expect(new S3ImageStorage({ ...base, endpoint }).publicUrl(key)).toBe(
      `https://quizbeam-images.minio.example.com:9000/${key}`,
    );
  });

  it('presigns a PUT that signs the content type and cache header and expires in 15 minutes', async () => {
    const url = new URL(
      await new S3ImageStorage(base).presignUpload({
        s3Key: key,
        contentType: 'image/png',
        cacheControl: 'max-age=2419200',
      }),
    );
    expect(url.host).toBe('quizbeam-images.s3.eu-central-1.amazonaws.com');
    expect(url.pathname).toBe(`/${key}`);
    expect(url.searchParams.get('X-Amz-Expires')).toBe('900');
    expect(url.searchParams.get('X-Amz-SignedHeaders')).toBe('cache-control;content-type;host');
    expect(url.search).not.toContain('checksum');
  });
});
