package io.feedline.app.web;

import jakarta.servlet.DispatcherType;
import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletContext;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpSession;
import java.io.IOException;
import java.util.Collections;
import java.util.EnumSet;
import java.util.Enumeration;
import java.util.function.Consumer;
import org.eclipse.jetty.ee10.servlet.FilterHolder;
import org.eclipse.jetty.ee10.servlet.ServletContextHandler;
import org.eclipse.jetty.ee10.servlet.SessionHandler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.session.ManagedSession;

/**
 * No servlet sessions, in either API: a bearer token carries everything a request needs, so the
 * server keeps nothing per client between requests. Jetty's session handler is one that makes no
 * session (a request that asked for one would fail loudly), and a WebSocket upgrade, which Javalin asks for its
 * session's attributes before any handler runs, is handed a session that holds nothing and takes
 * nothing. With Jetty's handler in place every upgrade attempt, a rate-limited one too, made a
 * session that never expired.
 */
public final class Sessionless {
    private Sessionless() {}

    /** Replaces the session handler of a Javalin server's context and installs the upgrade filter. */
    public static void apply(ServletContextHandler context) {
        context.setSessionHandler(new NoSessions());
        context.addFilter(new FilterHolder(new UpgradeFilter()), "/*", EnumSet.of(DispatcherType.REQUEST));
    }

    /** Jetty's session handler, left in place for Jetty's sake, that never makes a session. */
    private static final class NoSessions extends SessionHandler {
        @Override
        public void newSession(Request request, String requestedSessionId, Consumer<ManagedSession> consumer) {
            throw new IllegalStateException("this server keeps no sessions");
        }
    }

    private static final class UpgradeFilter implements Filter {
        @Override
        public void doFilter(ServletRequest request, ServletResponse response, FilterChain chain)
                throws IOException, ServletException {
            if (request instanceof HttpServletRequest http && http.getHeader("Upgrade") != null) {
                chain.doFilter(new SessionlessRequest(http), response);
            } else {
                chain.doFilter(request, response);
            }
        }
    }

    private static final class SessionlessRequest extends HttpServletRequestWrapper {
        private final HttpSession none;

        SessionlessRequest(HttpServletRequest request) {
            super(request);
            this.none = new NoSession(request.getServletContext());
        }

        @Override
        public HttpSession getSession(boolean create) {
            return create ? none : null;
        }

        @Override
        public HttpSession getSession() {
            return none;
        }

        @Override
        public String changeSessionId() {
            throw new IllegalStateException("this server keeps no sessions");
        }
    }

    /** An empty session that refuses attributes: nothing is kept, nothing is sent as a cookie. */
    private record NoSession(ServletContext context) implements HttpSession {
        @Override
        public long getCreationTime() {
            return 0;
        }

        @Override
        public String getId() {
            return "";
        }

        @Override
        public long getLastAccessedTime() {
            return 0;
        }

        @Override
        public ServletContext getServletContext() {
            return context;
        }

        @Override
        public void setMaxInactiveInterval(int interval) {}

        @Override
        public int getMaxInactiveInterval() {
            return 0;
        }

        @Override
        public Object getAttribute(String name) {
            return null;
        }

        @Override
        public Enumeration<String> getAttributeNames() {
            return Collections.emptyEnumeration();
        }

        @Override
        public void setAttribute(String name, Object value) {
            throw new UnsupportedOperationException("this server keeps no sessions");
        }

        @Override
        public void removeAttribute(String name) {}

        @Override
        public void invalidate() {}

        @Override
        public boolean isNew() {
            return true;
        }
    }
}
