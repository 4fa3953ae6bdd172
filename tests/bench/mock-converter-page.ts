import { zipSync } from 'fflate';

/** A header-only GIF whose width byte tells which result it is. */
export const fakeGif = (id: number) => new Uint8Array([71, 73, 70, 56, 57, 97, id, 0, id, 0]);

/**
 * A stand-in for the converter UI the bench drives, with the controls the real UI will grow: a
 * Static/Animated segmented control (hidden radios under labels), a quality slider, a file limit,
 * several results in Static mode with 'Download all (.zip)', and the failure alert.
 */
export function mockConverterPage(maxFiles: number): string {
  const zip = Buffer.from(zipSync({ 'b.gif': fakeGif(2), 'a.gif': fakeGif(1), 'c.gif': fakeGif(3) })).toString(
    'base64',
  );
  return `<!doctype html><html><body>
<input type="file" multiple id="files">
<div role="radiogroup">
  <input type="radio" name="mode" id="static" style="opacity:0;position:absolute"><label for="static">Static</label>
  <input type="radio" name="mode" id="animated" checked style="opacity:0;position:absolute"><label for="animated">Animated</label>
</div>
<div role="slider" tabindex="0" aria-label="Quality" aria-valuemin="10" aria-valuemax="100" aria-valuenow="80" id="quality"></div>
<p id="count">0 file(s) selected</p>
<button id="convert" disabled>Convert to GIF</button><button id="reset">Reset</button>
<div id="results"></div>
<script>
const $ = (id) => document.getElementById(id);
let chosen = [];
const show = () => {
  $('count').textContent = chosen.length + ' file(s) selected';
  $('convert').disabled = chosen.length === 0;
  $('results').innerHTML = '';
};
$('files').addEventListener('change', () => { chosen = Array.from($('files').files).slice(0, ${maxFiles}); show(); });
$('reset').onclick = () => { chosen = []; show(); };
$('quality').addEventListener('keydown', (event) => {
  const now = Number($('quality').getAttribute('aria-valuenow'));
  const next = event.key === 'ArrowRight' ? Math.min(100, now + 10) : event.key === 'ArrowLeft' ? Math.max(10, now - 10) : now;
  $('quality').setAttribute('aria-valuenow', String(next));
});
const link = (bytes, name, label) => {
  const a = document.createElement('a');
  a.href = URL.createObjectURL(new Blob([bytes], { type: 'image/gif' }));
  a.download = name;
  a.textContent = label;
  return a;
};
$('convert').onclick = () => {
  $('convert').textContent = 'Converting...';
  $('convert').disabled = true;
  setTimeout(() => {
    if (chosen.some((file) => file.name.includes('broken'))) {
      const alert = document.createElement('div');
      alert.setAttribute('role', 'alert');
      alert.textContent = 'Conversion Failed: Failed to load image';
      $('results').appendChild(alert);
    } else {
      const batch = $('static').checked;
      const count = batch ? chosen.length : 1;
      for (let i = 1; i <= count; i++) $('results').appendChild(link(new Uint8Array([71, 73, 70, 56, 57, 97, i, 0, i, 0]), i + '.gif', 'Download'));
      if (batch && count > 1) {
        const all = document.createElement('button');
        all.textContent = 'Download all (.zip)';
        all.onclick = () => link(Uint8Array.from(atob('${zip}'), (c) => c.charCodeAt(0)), 'all.zip', '').click();
        $('results').appendChild(all);
      }
    }
    $('convert').textContent = 'Convert to GIF';
    $('convert').disabled = false;
  }, 200);
};
</script></body></html>`;
}
