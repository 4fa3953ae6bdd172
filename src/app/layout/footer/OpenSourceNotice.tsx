import { Button } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconLicense } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';

// The dialog (Modal with its focus trap, scroll lock and positioning code) and what the core is built from
// load on first open, not with every page; so does the converter feature that knows the latter.
const OpenSourceDialog = lazy(async () => {
  const [{ default: Dialog }, source] = await Promise.all([
    import('./OpenSourceDialog'),
    import('@/features/converter').then((converter) => converter.loadCoreSource()),
  ]);
  return { default: (props: { opened: boolean; onClose: () => void }) => <Dialog {...props} source={source} /> };
});

/** The footer's button that opens the open-source licences dialog. */
export function OpenSourceNotice() {
  const [opened, { open, close }] = useDisclosure(false);
  const [requested, setRequested] = useState(false);
  return (
    <>
      <Button
        variant="subtle"
        size="compact-sm"
        px={0}
        leftSection={<IconLicense size={16} stroke={1.75} />}
        onClick={() => {
          setRequested(true);
          open();
        }}
      >
        Open-source licences
      </Button>
      {requested && (
        <Suspense fallback={null}>
          <OpenSourceDialog opened={opened} onClose={close} />
        </Suspense>
      )}
    </>
  );
}
