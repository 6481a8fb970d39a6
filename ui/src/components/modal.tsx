import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface ModalProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
}

const focusable =
  'a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])';

/**
 * A modal dialog (Bulma's look): focus moves in, Tab stays inside, Escape closes, and focus
 * returns to whatever opened it. Render it only while open.
 */
export function Modal({ title, onClose, children }: ModalProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const card = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const first = card.current?.querySelector<HTMLElement>('input, select, textarea') ?? card.current;
    first?.focus();
    return () => opener?.focus();
  }, []);

  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
      return;
    }
    if (event.key !== 'Tab' || !card.current) return;
    const items = Array.from(card.current.querySelectorAll<HTMLElement>(focusable));
    const [firstItem, lastItem] = [items[0], items[items.length - 1]];
    if (!firstItem || !lastItem) return;
    if (event.shiftKey && document.activeElement === firstItem) {
      event.preventDefault();
      lastItem.focus();
    } else if (!event.shiftKey && document.activeElement === lastItem) {
      event.preventDefault();
      firstItem.focus();
    }
  };

  return (
    <div className="modal is-active">
      <div className="modal-background" onClick={onClose} aria-hidden="true" />
      <div
        ref={card}
        className="modal-card"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        <header className="modal-card-head">
          <h2 className="modal-card-title" id={titleId}>
            {title}
          </h2>
          <button type="button" className="delete" aria-label={t('common.close')} onClick={onClose} />
        </header>
        {children}
      </div>
    </div>
  );
}
