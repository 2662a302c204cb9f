import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { PUBLISH_URL, publishableQuiz, publishedQuiz, servePublishing } from '../../../test/publishing';
import { renderApp } from '../../../test/renderApp';
import { QR_CODE_TITLE, qrCodeAltText } from './QrCodeSection';
import { QR_PNG_MIN_WIDTH } from './qrCodeImages';

const PNG_DATA_URL = 'data:image/png;base64,iVBORw0KGgo=';

/** The links the page clicked to hand the browser a file: where each pointed and the name it asked for. */
function captureDownloads() {
  const downloads: { href: string; fileName: string }[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    downloads.push({ href: this.href, fileName: this.download });
  });
  return downloads;
}

/** jsdom has no canvas: a 2D context that keeps what is drawn on it, and a PNG encoder answering a fixed URL. */
function fakeCanvas() {
  const drawn: { width: number; height: number }[] = [];
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(function (this: HTMLCanvasElement) {
    return {
      createImageData: (width: number, height: number) => ({
        width,
        height,
        data: new Uint8ClampedArray(width * height * 4),
      }),
      putImageData: (image: { width: number; height: number }) => {
        drawn.push({ width: this.width, height: image.height });
      },
    } as unknown as CanvasRenderingContext2D;
  });
  vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockReturnValue(PNG_DATA_URL);
  return drawn;
}

beforeAll(async () => {
  await import('../PublishTab');
});

describe("the published quiz's QR code", () => {
  it('shows the code of the published address and downloads it as SVG and as a print-sized PNG', async () => {
    const downloads = captureDownloads();
    const drawn = fakeCanvas();
    servePublishing(publishedQuiz());
    renderApp('/quizzes/7/publish');
    expect(await screen.findByRole('heading', { name: QR_CODE_TITLE })).toBeTruthy();
    const image = (await screen.findByRole('img', {
      name: qrCodeAltText(`${PUBLISH_URL}/abc12345`),
    })) as HTMLImageElement;
    const prefix = 'data:image/svg+xml;charset=utf-8,';
    expect(image.src.startsWith(prefix)).toBe(true);
    const svg = decodeURIComponent(image.src.slice(prefix.length));
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 \d+ \d+"/);

    fireEvent.click(screen.getByRole('button', { name: 'Download SVG' }));
    expect(downloads).toEqual([{ href: image.src, fileName: 'abc12345-qr.svg' }]);

    fireEvent.click(screen.getByRole('button', { name: 'Download PNG' }));
    await waitFor(() => expect(downloads).toHaveLength(2));
    expect(downloads[1]).toEqual({ href: PNG_DATA_URL, fileName: 'abc12345-qr.png' });
    expect(drawn).toHaveLength(1);
    expect(drawn[0]?.width).toBeGreaterThanOrEqual(QR_PNG_MIN_WIDTH);
    expect(drawn[0]?.height).toBe(drawn[0]?.width);
  });

  it('is not offered before the quiz is published', async () => {
    servePublishing(publishableQuiz({ publishedId: 'abc12345' }));
    renderApp('/quizzes/7/publish');
    expect(await screen.findByRole('heading', { name: 'Ready to publish' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: QR_CODE_TITLE })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Download PNG' })).toBeNull();
  });
});
