/** The upload PUT (XMLHttpRequest for its progress events) and the storage URLs (issue 6). */
import { resolveStorageUrl } from '../../api/objectDownload';
import { UploadError, uploadToStorage } from './objectStorage';

type Listener = ((event: ProgressEvent) => void) | null;

/** A scripted XMLHttpRequest: records what was sent; the test plays the upload and the answer. */
class FakeXhr {
  static last: FakeXhr;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown;
  status = 0;
  responseText = '';
  aborted = false;
  upload: { onprogress: Listener } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent);
  }
  respond(status: number, text = '') {
    this.status = status;
    this.responseText = text;
    this.onload?.();
  }
}

const xhr = () => new FakeXhr() as unknown as XMLHttpRequest;
const target = {
  url: '/v1/storage/objects/TKY/attachments/u/a.pdf?exp=1&sig=s',
  method: 'PUT' as const,
  headers: { 'content-type': 'application/pdf' },
};

describe('uploadToStorage', () => {
  it('PUTs the file to the resolved URL with the returned headers, reporting progress 0 → 100', async () => {
    const seen: number[] = [];
    const blob = new Blob(['%PDF-1.4']);
    const done = uploadToStorage(target, blob, (p) => seen.push(p), { xhr });
    const request = FakeXhr.last;
    expect(request.method).toBe('PUT');
    expect(request.url).toBe(`${window.location.origin}/v1/storage/objects/TKY/attachments/u/a.pdf?exp=1&sig=s`);
    expect(request.headers).toEqual({ 'content-type': 'application/pdf' });
    expect(request.body).toBe(blob);
    request.progress(250, 1000);
    request.progress(999, 1000);
    request.respond(200);
    await expect(done).resolves.toBeUndefined();
    expect(seen).toEqual([0, 25, 100, 100]);
  });

  it('rejects with the storage’s status and problem code, or with what an S3 XML error says', async () => {
    const local = uploadToStorage(target, new Blob(['x']), () => undefined, { xhr });
    FakeXhr.last.respond(403, JSON.stringify({ code: 'url_expired', status: 403 }));
    await expect(local).rejects.toMatchObject({ status: 403, code: 'url_expired', aborted: false });

    const s3 = uploadToStorage(
      { ...target, url: 'https://bucket.s3.amazonaws.com/k?X-Amz-Signature=x' },
      new Blob(['x']),
      () => undefined,
      {
        xhr,
      },
    );
    FakeXhr.last.respond(403, '<Error><Code>AccessDenied</Code><Message>Request has expired</Message></Error>');
    await expect(s3).rejects.toMatchObject({ status: 403, code: 'url_expired' });

    const network = uploadToStorage(target, new Blob(['x']), () => undefined, { xhr });
    FakeXhr.last.onerror?.();
    await expect(network).rejects.toBeInstanceOf(UploadError);
    await expect(network).rejects.toMatchObject({ status: 0, code: undefined, aborted: false });
  });

  it('stops when the caller aborts', async () => {
    const controller = new AbortController();
    const done = uploadToStorage(target, new Blob(['x']), () => undefined, { xhr, signal: controller.signal });
    controller.abort();
    await expect(done).rejects.toMatchObject({ aborted: true });
    expect(FakeXhr.last.aborted).toBe(true);
  });
});

describe('resolveStorageUrl', () => {
  it('keeps absolute URLs (S3) and resolves the local driver’s API-relative ones', () => {
    expect(resolveStorageUrl('https://bucket.s3.amazonaws.com/a?b=c')).toBe('https://bucket.s3.amazonaws.com/a?b=c');
    expect(resolveStorageUrl('/v1/storage/objects/a.pdf?x=1')).toBe(`${window.location.origin}/v1/storage/objects/a.pdf?x=1`);
  });
});
