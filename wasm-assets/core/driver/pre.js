// The core's JavaScript API, shaped like @ffmpeg/core's so @ffmpeg/ffmpeg's worker hosts it unchanged:
// exec(...args) runs one job (gif_core_exec, see gif-core.c) and leaves its exit code in `ret`.
Module['ret'] = -1;
Module['timeout'] = -1;
Module['logger'] = () => {};
Module['progress'] = () => {};

Module['print'] = (message) => Module['logger']({ type: 'stdout', message });
Module['printErr'] = (message) => Module['logger']({ type: 'stderr', message });

Module['exec'] = (...args) => {
  const pointers = args.map((arg) => {
    const size = lengthBytesUTF8(arg) + 1;
    const pointer = _malloc(size);
    stringToUTF8(arg, pointer, size);
    return pointer;
  });
  const argv = _malloc(4 * Math.max(1, pointers.length));
  pointers.forEach((pointer, index) => setValue(argv + 4 * index, pointer, 'i32'));
  try {
    Module['ret'] = _gif_core_exec(pointers.length, argv);
  } finally {
    pointers.forEach((pointer) => _free(pointer));
    _free(argv);
  }
  return Module['ret'];
};
// Heap bytes in use between jobs (for the leak test): flat when a job frees everything it allocates.
Module['heapInUse'] = () => _gif_core_heap_in_use();
Module['setLogger'] = (logger) => {
  Module['logger'] = logger;
};
Module['setProgress'] = (handler) => {
  Module['progress'] = handler;
};
Module['setTimeout'] = (timeout) => {
  Module['timeout'] = timeout;
};
Module['reset'] = () => {
  Module['ret'] = -1;
  Module['timeout'] = -1;
};

// Frames reach the core through @ffmpeg/ffmpeg's worker, which calls FS.writeFile(path, data) with the buffer
// the page transferred to it: nothing else holds it, so MEMFS keeps that very buffer as the file instead of
// copying it (canOwn). The driver reads each frame once, straight into the frame it fills.
Module['preRun'] = [].concat(Module['preRun'] || [], () => {
  const writeFile = FS.writeFile;
  FS.writeFile = (path, data, options) =>
    writeFile(path, data, Object.assign({ canOwn: ArrayBuffer.isView(data) && data.buffer !== HEAP8.buffer }, options));
});

// @ffmpeg/ffmpeg's worker passes `mainScriptUrlOrBlob: coreURL#base64(JSON{ wasmURL, workerURL })`: the
// wasm is wherever the app's bundler put it, not next to this file.
Module['locateFile'] = (path, prefix) => {
  const main = Module['mainScriptUrlOrBlob'];
  if (typeof main === 'string' && main.includes('#') && path.endsWith('.wasm')) {
    return JSON.parse(atob(main.slice(main.lastIndexOf('#') + 1))).wasmURL;
  }
  return prefix + path;
};
