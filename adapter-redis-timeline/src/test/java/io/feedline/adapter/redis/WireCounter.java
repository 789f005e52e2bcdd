package io.feedline.adapter.redis;

import io.lettuce.core.resource.NettyCustomizer;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelOutboundHandlerAdapter;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Counts the flushes that reach the socket: each one is a batch of commands the client sends before
 * waiting for replies, so a call that costs one flush costs one round trip.
 */
final class WireCounter implements NettyCustomizer {
    private final AtomicLong flushes = new AtomicLong();

    @Override
    public void afterChannelInitialized(Channel channel) {
        // First in the pipeline, i.e. last before the socket: it sees every flush.
        channel.pipeline().addFirst(new ChannelOutboundHandlerAdapter() {
            @Override
            public void flush(ChannelHandlerContext ctx) {
                flushes.incrementAndGet();
                ctx.flush();
            }
        });
    }

    long flushes() {
        return flushes.get();
    }
}
