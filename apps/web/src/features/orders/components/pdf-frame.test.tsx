/**
 * @vitest-environment-options {"settings":{"enableIframePageLoading":true,"navigation":{"disableChildFrameNavigation":true}}}
 */
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { PdfFrame } from './pdf-frame';

function violation(directive: string, blockedURI: string): Event {
  const event = new Event('securitypolicyviolation');
  Object.assign(event, { effectiveDirective: directive, blockedURI });
  return event;
}

describe('PdfFrame', () => {
  it('shows the blob through an object URL and revokes it when it goes', () => {
    const revoke = vi.spyOn(URL, 'revokeObjectURL');
    const { unmount } = render(<PdfFrame blob={new Blob(['%PDF'])} title="Vertrag" onBlocked={vi.fn()} />);
    const frame = screen.getByTitle('Vertrag');
    expect(frame.getAttribute('src')).toMatch(/^blob:/);
    const url = frame.getAttribute('src');
    unmount();
    expect(revoke).toHaveBeenCalledWith(url);
  });

  it('reports a frame-src violation for blob URLs only', () => {
    const onBlocked = vi.fn();
    render(<PdfFrame blob={new Blob(['%PDF'])} title="Vertrag" onBlocked={onBlocked} />);
    act(() => {
      document.dispatchEvent(violation('img-src', 'blob'));
      document.dispatchEvent(violation('frame-src', 'https://elsewhere.example'));
    });
    expect(onBlocked).not.toHaveBeenCalled();
    act(() => {
      document.dispatchEvent(violation('frame-src', 'blob'));
    });
    expect(onBlocked).toHaveBeenCalledTimes(1);
  });
});
