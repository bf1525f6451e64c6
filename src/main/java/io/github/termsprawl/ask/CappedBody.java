package io.github.termsprawl.ask;

import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Flow;

/**
 * A response body kept in memory up to a cap: past it the exchange is cancelled and fails with
 * {@link TooLarge}, so a server (or a proxy) that sends gigabytes never fills the heap (docs/ask.md,
 * "Limits").
 */
final class CappedBody implements HttpResponse.BodySubscriber<byte[]> {
    /** The body went past the cap after {@code received} bytes. */
    static final class TooLarge extends IOException {
        TooLarge(long received) {
            super("response body over the cap after " + received + " bytes");
        }
    }

    private final CappedBytes bytes;
    private final CompletableFuture<byte[]> result = new CompletableFuture<>();
    private Flow.Subscription subscription;

    CappedBody(int cap) {
        this.bytes = new CappedBytes(cap);
    }

    @Override
    public void onSubscribe(Flow.Subscription s) {
        subscription = s;
        s.request(Long.MAX_VALUE);
    }

    @Override
    public void onNext(List<ByteBuffer> items) {
        for (ByteBuffer b : items) {
            byte[] chunk = new byte[b.remaining()];
            b.get(chunk);
            bytes.add(chunk, 0, chunk.length);
        }
        if (bytes.overflowed() && !result.isDone()) {
            subscription.cancel();
            result.completeExceptionally(new TooLarge(bytes.total()));
        }
    }

    @Override
    public void onError(Throwable t) {
        result.completeExceptionally(t);
    }

    @Override
    public void onComplete() {
        result.complete(bytes.bytes());
    }

    @Override
    public CompletionStage<byte[]> getBody() {
        return result;
    }
}
