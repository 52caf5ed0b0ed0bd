import { useEffect, useRef } from 'react';

import classes from './orders.module.css';

/**
 * Embeds a PDF blob in an iframe through an object URL. The URL is made and revoked by an effect on the
 * element itself, so StrictMode's double effects cannot leave a revoked URL behind. A page policy
 * without `blob:` in `frame-src` blocks the frame: then the frame goes and `onBlocked` is called.
 */
export function PdfFrame({ blob, title, onBlocked }: { blob: Blob; title: string; onBlocked: () => void }) {
  const frame = useRef<HTMLIFrameElement>(null);
  useEffect(() => {
    const element = frame.current;
    if (!element || typeof URL.createObjectURL !== 'function') return undefined;
    const url = URL.createObjectURL(blob);
    const onViolation = (event: SecurityPolicyViolationEvent) => {
      if (event.effectiveDirective === 'frame-src' && event.blockedURI.startsWith('blob')) onBlocked();
    };
    document.addEventListener('securitypolicyviolation', onViolation);
    element.src = url;
    return () => {
      document.removeEventListener('securitypolicyviolation', onViolation);
      URL.revokeObjectURL(url);
    };
  }, [blob, onBlocked]);
  return <iframe ref={frame} title={title} className={classes.pdfFrame} data-testid="contract-frame" />;
}
