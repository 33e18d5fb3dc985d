export function ReceiptModal({ opened }: { opened: boolean; onClose: () => void }) {
  return opened ? null : null;
}
