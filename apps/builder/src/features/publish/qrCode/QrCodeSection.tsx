import { useEffect, useId, useState } from 'react';
import { showDefaultError } from '../../../ui/notifications/DefaultErrorMessage';
import './QrCodeSection.css';

export const QR_CODE_TITLE = 'QR code';
export const QR_CODE_NOTE = 'Print it on flyers, packaging or posters: it opens the published address.';
export const qrCodeAltText = (url: string) => `QR code of ${url}`;

/** Loaded only when a published quiz's Publish tab shows: the library is not in the editor's first download. */
const loadQrCodeImages = () => import('./qrCodeImages');

/** Hands the browser a file to save, by a temporary link (data URLs: no object URL to revoke). */
function download(href: string, fileName: string): void {
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
}

interface QrCodeSectionProps {
  /** The published address the code opens. */
  url: string;
  /** The quiz's path, which names the downloaded files. */
  path: string;
}

/** The published address as a QR code, with PNG (for print) and SVG downloads. */
export function QrCodeSection({ url, path }: QrCodeSectionProps) {
  const titleId = useId();
  const [svg, setSvg] = useState<{ url: string; dataUrl: string } | null>(null);

  useEffect(() => {
    let current = true;
    loadQrCodeImages()
      .then(async ({ qrCodeSvg, svgDataUrl }) => {
        const dataUrl = svgDataUrl(await qrCodeSvg(url));
        if (current) setSvg({ url, dataUrl });
      })
      .catch(showDefaultError);
    return () => {
      current = false;
    };
  }, [url]);

  async function downloadPng() {
    try {
      const { qrCodePngUrl } = await loadQrCodeImages();
      download(qrCodePngUrl(url), `${path}-qr.png`);
    } catch (error) {
      showDefaultError(error);
    }
  }

  const shown = svg?.url === url ? svg.dataUrl : null;
  return (
    <section className="qr-code" aria-labelledby={titleId}>
      <h3 id={titleId} className="qr-code__title">
        {QR_CODE_TITLE}
      </h3>
      <p className="editor-tab-card__note">{QR_CODE_NOTE}</p>
      <div className="qr-code__image" aria-busy={shown === null}>
        {shown && <img src={shown} alt={qrCodeAltText(url)} width={160} height={160} />}
      </div>
      <div className="publish-tab__actions">
        <button type="button" className="button button--secondary" onClick={downloadPng}>
          Download PNG
        </button>
        <button
          type="button"
          className="button button--secondary"
          disabled={shown === null}
          onClick={() => shown && download(shown, `${path}-qr.svg`)}
        >
          Download SVG
        </button>
      </div>
    </section>
  );
}
