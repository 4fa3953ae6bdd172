import '@mantine/core/styles.css';
import '@mantine/dropzone/styles.css';
import 'react-toastify/dist/ReactToastify.css';
import { MantineProvider } from '@mantine/core';
import { RouterProvider } from 'react-router-dom';
import { ToastContainer } from 'react-toastify';
import { router } from './router';
import { theme } from './theme';

export function App() {
  return (
    <MantineProvider theme={theme} defaultColorScheme="auto">
      <RouterProvider router={router} />
      {/* TEMPORARY (home branch): the site branch mounts the real ToastContainer; drop this commit when merging. */}
      <ToastContainer position="top-right" newestOnTop />
    </MantineProvider>
  );
}
