import { useState } from 'react';
import { Alert, Button, Container, Skeleton, Stack } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { IconDownload } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { errorMessage } from '../../lib/api-client';
import { createQueryClient } from '../../lib/query-client';
import { useDocumentTitle } from '../../lib/use-document-title';
import { sharedDocumentPdfUrl, useSharedDocument } from './api/get-shared-document';
import { SharedDocumentView } from './components/shared-document-view';

const LOAD_FAILURE = 'This document could not be loaded. Check your connection and try again.';

function SharedDocument({ token }: { token: string }) {
  const document = useSharedDocument(token);
  useDocumentTitle(
    document.data ? `${document.data.title} · ${document.data.company.name}` : 'Shared document',
  );

  if (document.isPending) {
    return (
      <Stack gap="sm" aria-busy="true" aria-label="Loading the document">
        <Skeleton height={72} />
        <Skeleton height={24} width="50%" mx="auto" />
        <Skeleton height={160} />
        <Skeleton height={96} />
      </Stack>
    );
  }
  if (document.isError) {
    return (
      <Alert color="red" role="alert" title="Link not available">
        {errorMessage(document.error, LOAD_FAILURE)}
      </Alert>
    );
  }
  return (
    <Stack gap="md">
      <SharedDocumentView document={document.data} />
      <Button
        component="a"
        href={sharedDocumentPdfUrl(token)}
        download={document.data.pdf_filename}
        leftSection={<IconDownload size={18} />}
        size="md"
        fullWidth
      >
        Download PDF
      </Button>
    </Stack>
  );
}

/** /d/:token — a receipt or proforma shared on WhatsApp, for the customer, without signing in. */
export function SharedDocumentPage() {
  const { token = '' } = useParams();
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <Container size={640} px="sm" py={{ base: 'md', sm: 'xl' }}>
        <SharedDocument token={token} />
      </Container>
    </QueryClientProvider>
  );
}
