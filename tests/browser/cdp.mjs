// A small client of Chromium's DevTools protocol over --remote-debugging-pipe
// (messages as JSON, each ended by a NUL byte, on file descriptors 3 and 4):
// the browser tests need no npm package and no network.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export class Browser {
  static async launch(chromium) {
    const profile = mkdtempSync(join(tmpdir(), 'hpng-chromium-'));
    const args = ['--headless', '--no-sandbox', '--disable-gpu', '--remote-debugging-pipe', '--no-first-run',
      '--disable-extensions', '--disable-background-networking', '--disable-component-update',
      '--disable-sync', '--metrics-recording-only', '--hide-scrollbars', `--user-data-dir=${profile}`];
    const proc = spawn(chromium, args, { stdio: ['ignore', 'ignore', 'pipe', 'pipe', 'pipe'] });
    proc.stderr.resume();  // chromium's own chatter is not ours to judge
    const b = new Browser(proc, profile);
    await b.call('Target.setDiscoverTargets', { discover: true });
    return b;
  }

  constructor(proc, profile) {
    this.proc = proc;
    this.profile = profile;
    this.next = 1;
    this.pending = new Map();
    this.listeners = [];
    this.closed = new Promise(resolve => proc.on('exit', resolve));
    let buffered = '';
    proc.stdio[4].on('data', chunk => {
      buffered += chunk.toString('utf8');
      let end;
      while ((end = buffered.indexOf('\0')) >= 0) {
        this.receive(JSON.parse(buffered.slice(0, end)));
        buffered = buffered.slice(end + 1);
      }
    });
  }

  receive(msg) {
    if (msg.id && this.pending.has(msg.id)) {
      const { resolve, reject, method } = this.pending.get(msg.id);
      this.pending.delete(msg.id);
      if (msg.error) reject(new Error(`${method}: ${msg.error.message}`));
      else resolve(msg.result);
      return;
    }
    for (const l of this.listeners) l(msg);
  }

  call(method, params = {}, sessionId = undefined) {
    const id = this.next++;
    const msg = { id, method, params };
    if (sessionId) msg.sessionId = sessionId;
    this.proc.stdio[3].write(JSON.stringify(msg) + '\0');
    return new Promise((resolve, reject) => this.pending.set(id, { resolve, reject, method }));
  }

  on(listener) { this.listeners.push(listener); }

  // The next event `method` of `sessionId`.
  event(method, sessionId) {
    return new Promise(resolve => {
      const l = msg => {
        if (msg.method !== method || msg.sessionId !== sessionId) return;
        this.listeners.splice(this.listeners.indexOf(l), 1);
        resolve(msg.params);
      };
      this.listeners.push(l);
    });
  }

  async newPage() {
    const { targetId } = await this.call('Target.createTarget', { url: 'about:blank' });
    const { sessionId } = await this.call('Target.attachToTarget', { targetId, flatten: true });
    return new Page(this, sessionId);
  }

  async close() {
    try { await this.call('Browser.close'); } catch (e) { this.proc.kill(); }
    await this.closed;
    rmSync(this.profile, { recursive: true, force: true });
  }
}

// One tab: what it loaded, what its scripts threw or logged as errors, and
// input dispatched as a user's.
export class Page {
  constructor(browser, sessionId) {
    this.b = browser;
    this.session = sessionId;
    this.errors = [];
    this.requests = [];
    browser.on(msg => {
      if (msg.sessionId !== sessionId) return;
      if (msg.method === 'Runtime.exceptionThrown') this.errors.push(msg.params.exceptionDetails.exception?.description || msg.params.exceptionDetails.text);
      if (msg.method === 'Runtime.consoleAPICalled' && msg.params.type === 'error') this.errors.push(JSON.stringify(msg.params.args));
      if (msg.method === 'Log.entryAdded' && msg.params.entry.level === 'error') this.errors.push(msg.params.entry.text);
      if (msg.method === 'Network.requestWillBeSent') this.requests.push(msg.params.request.url);
    });
  }

  call(method, params) { return this.b.call(method, params, this.session); }

  async open(url, width, height, scheme = 'light') {
    for (const domain of ['Runtime', 'Log', 'Network', 'Page']) await this.call(`${domain}.enable`);
    await this.size(width, height);
    await this.call('Emulation.setEmulatedMedia', { features: [{ name: 'prefers-color-scheme', value: scheme }] });
    const loaded = this.b.event('Page.loadEventFired', this.session);
    await this.call('Page.navigate', { url });
    await loaded;
  }

  size(width, height) {
    return this.call('Emulation.setDeviceMetricsOverride', { width, height, deviceScaleFactor: 1, mobile: false });
  }

  // The value of a page expression (JSON-serialisable); its exception, thrown.
  async eval(expression) {
    const r = await this.call('Runtime.evaluate', { expression, returnByValue: true, awaitPromise: true });
    if (r.exceptionDetails) throw new Error(`${expression}: ${r.exceptionDetails.exception?.description || r.exceptionDetails.text}`);
    return r.result.value;
  }

  async mouse(type, x, y, buttons = 0) {
    const button = type === 'mouseMoved' && !buttons ? 'none' : 'left';
    await this.call('Input.dispatchMouseEvent', { type, x, y, button, buttons, clickCount: type === 'mouseMoved' ? 0 : 1 });
  }

  async click(x, y) {
    await this.mouse('mouseMoved', x, y);
    await this.mouse('mousePressed', x, y, 1);
    await this.mouse('mouseReleased', x, y, 0);
  }

  async key(key, code, keyCode, text) {
    await this.call('Input.dispatchKeyEvent', { type: 'keyDown', key, code, windowsVirtualKeyCode: keyCode, text });
    await this.call('Input.dispatchKeyEvent', { type: 'keyUp', key, code, windowsVirtualKeyCode: keyCode });
  }

  async screenshot() {
    const { data } = await this.call('Page.captureScreenshot', { format: 'png', captureBeyondViewport: true });
    return Buffer.from(data, 'base64');
  }
}
