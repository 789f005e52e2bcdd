package io.feedline.app.web;

import io.javalin.http.Context;
import io.javalin.http.Handler;
import io.javalin.router.Endpoint;
import io.netty.util.HashedWheelTimer;
import io.netty.util.Timeout;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.lang.reflect.UndeclaredThrowableException;
import java.time.Duration;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;

/**
 * An overall deadline per request ({@code http.request-timeout}). Jetty's idle timeout bounds each
 * read and write, not a request: a handler blocked on an engine holds the caller for as long as the
 * engine does. So each route's handler runs on a virtual thread of its own while the request's
 * thread waits for it up to the deadline; past it, the handler's thread is interrupted (a storage
 * call that honours interrupts stops there) and the request is answered 503 {@code request-timeout}
 * with {@code Retry-After}, in the API's own error shape. Whatever the abandoned handler still does
 * to the response is dropped: it sees the request through a view whose writes fail once the answer
 * went another way, decided under one lock, so a late result can never mix into the 503.
 *
 * <p>The deadlines are kept on one timer wheel for the process (Netty's {@link HashedWheelTimer},
 * a tick of {@value #TICK_MILLIS} ms), and the request's thread waits for its handler without a
 * timeout of its own. A timed wait per request put a timer in the virtual-thread scheduler's delay
 * queue and took it out again, waking that queue's thread each time: 14% of a loaded server's CPU
 * samples (ADR-0016). The wheel's one thread wakes once a tick, whatever the load;
 * a deadline fires within a tick of its time.
 *
 * <p>Both APIs use it. The routes an API exempts run as they are: the native API's operations routes
 * ({@code /health}, {@code /metrics}, the documents; {@code /health} has its own bound per engine),
 * and the Mastodon API's streams, which stay open for as long as the client listens.
 */
public final class RequestDeadline {
    /** The {@link Context} methods that change the response (with arguments; without, they read). */
    private static final Set<String> WRITES = Set.of(
            "status", "result", "json", "jsonStream", "html", "contentType", "redirect", "future", "async",
            "writeJsonStream", "writeSeekableStream", "removeCookie");

    static final long TICK_MILLIS = 10;
    /** Every deadline of the process, on one wheel and one daemon thread. */
    private static final HashedWheelTimer DEADLINES = new HashedWheelTimer(
            Thread.ofPlatform().name("request-deadlines").daemon().factory(), TICK_MILLIS, TimeUnit.MILLISECONDS);

    private final Duration timeout;
    private final Predicate<Context> exempt;
    private final Function<Duration, ? extends Exception> timedOut;

    /**
     * @param exempt the requests that run as they are
     * @param timedOut the API's answer to a request past {@code timeout} (a 503 with {@code Retry-After})
     */
    public RequestDeadline(Duration timeout, Predicate<Context> exempt, Function<Duration, ? extends Exception> timedOut) {
        this.timeout = timeout;
        this.exempt = exempt;
        this.timedOut = timedOut;
    }

    /** Javalin's handler wrapper: routes get the deadline; before, after and exempt handlers do not. */
    public Handler wrap(Endpoint endpoint) {
        Handler handler = endpoint.handler;
        if (!endpoint.method.isHttpMethod()) {
            return handler;
        }
        return ctx -> {
            if (exempt.test(ctx)) {
                handler.handle(ctx);
            } else {
                handleWithin(handler, ctx);
            }
        };
    }

    private void handleWithin(Handler handler, Context ctx) throws Exception {
        Guard guard = new Guard(ctx);
        FutureTask<Void> task = new FutureTask<>(() -> {
            handler.handle(guard.view());
            return null;
        });
        Thread.ofVirtual().name("request-" + ctx.method() + " " + ctx.path()).start(task);
        Timeout deadline = DEADLINES.newTimeout(due -> {
            if (guard.abandonUnless(task)) {
                task.cancel(true);
            }
        }, timeout.toNanos(), TimeUnit.NANOSECONDS);
        try {
            task.get();
        } catch (CancellationException cancelled) {
            // Only the deadline cancels the task; its answer follows below.
        } catch (ExecutionException failed) {
            if (!guard.abandoned()) {
                throw unwrap(failed.getCause());
            }
        } catch (InterruptedException stopping) {
            guard.abandonUnless(task);
            task.cancel(true);
            throw stopping;
        } finally {
            deadline.cancel();
        }
        // A handler abandoned at its deadline is answered 503, whatever it did after; one that
        // finished as the deadline struck was not abandoned, and its answer stands.
        if (guard.abandoned()) {
            throw timedOut.apply(timeout);
        }
    }

    private static Exception unwrap(Throwable cause) {
        Throwable failure = cause instanceof UndeclaredThrowableException undeclared ? undeclared.getUndeclaredThrowable() : cause;
        if (failure instanceof Error error) {
            throw error;
        }
        return (Exception) failure;
    }

    /** The handler's view of the request: every call passes through; writes stop once it is abandoned. */
    private static final class Guard {
        private final Context real;
        private final Object lock = new Object();
        private boolean abandoned;

        Guard(Context real) {
            this.real = real;
        }

        Context view() {
            return (Context) Proxy.newProxyInstance(Context.class.getClassLoader(), new Class<?>[] {Context.class},
                    (proxy, method, args) -> {
                        if (!writes(method, args)) {
                            return call(method, args);
                        }
                        synchronized (lock) {
                            if (abandoned) {
                                throw new CancellationException("the request was answered at its deadline");
                            }
                            return call(method, args);
                        }
                    });
        }

        boolean abandoned() {
            synchronized (lock) {
                return abandoned;
            }
        }

        /** Abandons the handler unless it has finished; true when it was abandoned. */
        boolean abandonUnless(FutureTask<Void> task) {
            synchronized (lock) {
                if (task.isDone()) {
                    return false;
                }
                abandoned = true;
                return true;
            }
        }

        private Object call(Method method, Object[] args) throws Throwable {
            try {
                return method.invoke(real, args);
            } catch (InvocationTargetException e) {
                throw e.getCause();
            }
        }

        private static boolean writes(Method method, Object[] args) {
            int count = args == null ? 0 : args.length;
            return switch (method.getName()) {
                case "header", "cookie" -> count >= 2;
                default -> count >= 1 && WRITES.contains(method.getName());
            };
        }
    }
}
