import { Button, type ButtonProps } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { errorText, serverMessage } from '../api/http';
import { toast } from '../shared/toast';

/** A file fetched for the user: its bytes and the name to save it under. */
export interface FetchedFile {
  blob: Blob;
  fileName: string;
}

/**
 * A button that fetches a file and hands it to `save`, waiting while it comes; a failure is logged (`what` names the
 * file) and said in a toast titled `failure`.
 */
export function DownloadButton({
  fetchFile,
  save,
  what,
  failure,
  label,
  children,
  ...button
}: Omit<ButtonProps, 'loading' | 'leftSection'> & {
  fetchFile: () => Promise<FetchedFile>;
  save: (fileName: string, blob: Blob) => void;
  what: string;
  failure: string;
  /** The accessible name, when the visible text alone does not say which file. */
  label: string;
  children: ReactNode;
}) {
  const [loading, setLoading] = useState(false);
  const download = async () => {
    setLoading(true);
    try {
      const { blob, fileName } = await fetchFile();
      save(fileName, blob);
    } catch (e) {
      console.error(`${what}: download failed`, errorText(e));
      toast.error(serverMessage(e) ?? errorText(e), { title: failure });
    } finally {
      setLoading(false);
    }
  };
  const icon = button.size === 'compact-xs' ? 12 : 14;
  return (
    <Button {...button} leftSection={<IconDownload size={icon} />} loading={loading} onClick={() => void download()} aria-label={label}>
      {children}
    </Button>
  );
}
