import { useState } from 'react';

/**
 * Cancelling a form: at once while it is untouched (spec: stage standBy), after a confirmation once
 * something was changed (stage inProgress). Spread `dialog` into a ConfirmDialog.
 */
export function useConfirmedCancel(touched: boolean, cancel: () => void) {
  const [asking, setAsking] = useState(false);
  return {
    requestCancel: () => (touched ? setAsking(true) : cancel()),
    dialog: {
      opened: asking,
      onConfirm: () => {
        setAsking(false);
        cancel();
      },
      onCancel: () => setAsking(false),
    },
  };
}
