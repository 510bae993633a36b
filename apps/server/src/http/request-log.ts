import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** How often the collector's traffic is summed up in one line at the info level. */
export const collectorSummaryIntervalMs = 5 * 60_000;

/** Gateway traffic: the reporting URLs and their command polls. */
function isGatewayRequest(request: FastifyRequest): boolean {
  return request.url.startsWith('/report/');
}

/**
 * What one request's line is worth to an operator: a 5xx is a fault (the error handler logs
 * its cause too), a 4xx from a person is someone refused (sign-in, access, a bad form) and is
 * kept, and everything else, every gateway's report and poll and every answered page or
 * keep-alive, is traffic, kept only at the debug level. A gateway's refusals are summed up
 * instead (`collector summary`), so a misconfigured fleet writes one line every five minutes,
 * not one per report.
 */
function levelOf(request: FastifyRequest, statusCode: number): 'error' | 'info' | 'debug' {
  if (statusCode >= 500) return 'error';
  if (statusCode >= 400 && !isGatewayRequest(request)) return 'info';
  return 'debug';
}

/** The collector's answers since the last summary, by status code. */
class CollectorTally {
  private counts = new Map<number, number>();

  add(statusCode: number): void {
    this.counts.set(statusCode, (this.counts.get(statusCode) ?? 0) + 1);
  }

  /** Logs the answers counted since the last call, if any, and starts counting again. */
  flush(log: FastifyBaseLogger, seconds: number): void {
    if (this.counts.size === 0) return;
    const byStatus = Object.fromEntries([...this.counts].sort(([a], [b]) => a - b));
    let answered = 0;
    let refused = 0;
    for (const [status, count] of this.counts) {
      answered += count;
      if (status >= 400) refused += count;
    }
    this.counts = new Map();
    const level = refused > 0 ? 'warn' : 'info';
    log[level]({ seconds, answered, refused, byStatus }, 'collector summary');
  }
}

/**
 * One line per request, at the level its outcome deserves (Fastify's own two lines per request
 * are off: at the default level the 50-gateway demo fleet wrote 12,100 lines in 40 minutes),
 * and a summary of the gateways' traffic every five minutes. Request lines carry the address
 * with its secrets taken out by the logger's `req` serializer.
 */
export function registerRequestLog(app: FastifyInstance): void {
  const tally = new CollectorTally();
  const seconds = collectorSummaryIntervalMs / 1000;
  const timer = setInterval(() => tally.flush(app.log, seconds), collectorSummaryIntervalMs);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    tally.flush(app.log, seconds);
  });

  app.addHook('onResponse', async (request: FastifyRequest, reply: FastifyReply) => {
    const { statusCode } = reply;
    if (isGatewayRequest(request)) tally.add(statusCode);
    request.log[levelOf(request, statusCode)](
      { req: request, statusCode, responseTime: Math.round(reply.elapsedTime * 10) / 10 },
      'request completed',
    );
  });
}
