import { useRef, useState } from 'react';
import { uploadInvoice } from './api/upload-invoice';
import { invoiceFileError } from './components/invoice-file-input';

/**
 * The invoice chosen on a form, uploaded when the form is submitted. A retry of the same
 * submission reuses the first upload's URL instead of storing the file twice.
 */
export function useInvoiceUpload() {
  const [file, setFile] = useState<File | null>(null);
  const uploaded = useRef<{ file: File; url: string } | null>(null);

  return {
    file,
    setFile,
    invalid: invoiceFileError(file) !== null,
    /** The URL of the chosen file (uploading it first), or undefined without a file. */
    async url(): Promise<string | undefined> {
      if (!file) return undefined;
      if (uploaded.current?.file === file) return uploaded.current.url;
      const { invoice_file_url } = await uploadInvoice(file);
      uploaded.current = { file, url: invoice_file_url };
      return invoice_file_url;
    },
    reset() {
      setFile(null);
      uploaded.current = null;
    },
  };
}
