/**
 * The part of `ws` (brought by @fastify/websocket, no bundled types) that the gateway and
 * its tests use. Remove this file if @types/ws is ever installed.
 */
declare module 'ws' {
  import type { EventEmitter } from 'node:events';

  type RawData = Buffer | ArrayBuffer | Buffer[];

  interface ServerOptions {
    noServer?: boolean;
    maxPayload?: number;
    perMessageDeflate?: boolean;
    clientTracking?: boolean;
  }

  interface ClientOptions {
    maxPayload?: number;
    perMessageDeflate?: boolean;
    handshakeTimeout?: number;
  }

  class WebSocket extends EventEmitter {
    static readonly CONNECTING: 0;
    static readonly OPEN: 1;
    static readonly CLOSING: 2;
    static readonly CLOSED: 3;
    constructor(address: string | URL, protocols?: string | string[], options?: ClientOptions);
    readonly readyState: 0 | 1 | 2 | 3;
    /** Bytes queued for the network but not yet sent. */
    readonly bufferedAmount: number;
    send(data: string | Buffer, callback?: (error?: Error) => void): void;
    close(code?: number, reason?: string): void;
    terminate(): void;
    pause(): void;
    resume(): void;
    on(event: 'message', listener: (data: RawData, isBinary: boolean) => void): this;
    on(event: 'close', listener: (code: number, reason: Buffer) => void): this;
    on(event: 'error', listener: (error: Error) => void): this;
    on(event: 'open', listener: () => void): this;
    once(event: 'message', listener: (data: RawData, isBinary: boolean) => void): this;
    once(event: 'close', listener: (code: number, reason: Buffer) => void): this;
    once(event: 'error', listener: (error: Error) => void): this;
    once(event: 'open', listener: () => void): this;
  }

  class WebSocketServer extends EventEmitter {
    constructor(options: ServerOptions);
    readonly clients: Set<WebSocket>;
    close(callback?: (error?: Error) => void): void;
  }

  export {
    WebSocket,
    WebSocketServer,
    WebSocketServer as Server,
    type RawData,
    type ServerOptions,
    type ClientOptions,
  };
  export default WebSocket;
}
