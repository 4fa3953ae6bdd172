/// <reference types="vite/client" />

declare module 'postcss-simple-vars' {
  import type { PluginCreator } from 'postcss';
  const plugin: PluginCreator<{ variables?: Record<string, string> }>;
  export default plugin;
}
