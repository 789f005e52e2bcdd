package io.feedline.adapter.s3;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.net.spi.InetAddressResolver;
import java.net.spi.InetAddressResolverProvider;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;

/**
 * Resolves {@code localhost} and every name under it to the loopback address in the test JVM, as
 * RFC 6761 says they resolve, and as this machine's resolver does not. Virtual-host addressing
 * sends requests to {@code bucket.localhost}; every other name goes to the built-in resolver. The
 * names asked for are kept, so a test can tell which addressing the client used.
 */
public final class LoopbackNames extends InetAddressResolverProvider {
    private static final Set<String> ASKED = ConcurrentHashMap.newKeySet();

    /** Every name under {@code localhost} looked up in this JVM so far, in lower case. */
    static Set<String> asked() {
        return Set.copyOf(ASKED);
    }

    @Override
    public InetAddressResolver get(Configuration configuration) {
        InetAddressResolver builtin = configuration.builtinResolver();
        return new InetAddressResolver() {
            @Override
            public Stream<InetAddress> lookupByName(String host, LookupPolicy policy) throws UnknownHostException {
                String name = host.toLowerCase(Locale.ROOT);
                if (name.endsWith(".localhost")) {
                    ASKED.add(name);
                    return Stream.of(InetAddress.getByAddress(host, new byte[] {127, 0, 0, 1}));
                }
                return builtin.lookupByName(host, policy);
            }

            @Override
            public String lookupByAddress(byte[] addr) throws UnknownHostException {
                return builtin.lookupByAddress(addr);
            }
        };
    }

    @Override
    public String name() {
        return "feedline-test-loopback-names";
    }
}
