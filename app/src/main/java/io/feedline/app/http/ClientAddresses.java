package io.feedline.app.http;

import io.javalin.http.Context;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HexFormat;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;
import org.eclipse.jetty.util.InetAddressSet;

/**
 * The client address a rate limit is keyed by. By default the socket's peer; behind a proxy, the
 * configured header (such as {@code X-Forwarded-For}) read from the right, skipping the proxies
 * that are trusted, but only when the socket's peer is itself a trusted proxy, so a client cannot
 * pick its own key by sending the header. An IPv6 client is keyed by its /64, the block one
 * subscriber usually holds, so rotating through it gains nothing.
 */
public final class ClientAddresses {
    private static final Pattern IPV4 = Pattern.compile("\\d{1,3}(\\.\\d{1,3}){3}");
    private static final Pattern IPV6 = Pattern.compile("[0-9A-Fa-f:.]*:[0-9A-Fa-f:.]*");

    /**
     * @param header the header a trusted proxy names the client in; empty to use the socket address only
     * @param trustedProxies the proxies' addresses or CIDR blocks ({@code 10.0.0.0/8}, {@code fd00::/8})
     */
    public record Settings(Optional<String> header, List<String> trustedProxies) {
        public Settings {
            Objects.requireNonNull(header, "header");
            trustedProxies = List.copyOf(trustedProxies);
            for (String proxy : trustedProxies) {
                String address = proxy.contains("/") ? proxy.substring(0, proxy.indexOf('/')) : proxy;
                if (literal(address).isEmpty()) {
                    throw new IllegalArgumentException("http.client-address.trusted-proxies: '" + proxy
                            + "' is not an IP address or CIDR block");
                }
            }
            if (header.isPresent() && trustedProxies.isEmpty()) {
                throw new IllegalArgumentException("http.client-address.header needs http.client-address.trusted-proxies");
            }
        }
    }

    private final Optional<String> header;
    private final InetAddressSet trusted = new InetAddressSet();

    ClientAddresses(Settings settings) {
        this.header = settings.header();
        settings.trustedProxies().forEach(trusted::add);
    }

    /** The rate-limit key of the request's client. */
    String key(Context ctx) {
        return key(ctx.req().getRemoteAddr(), name -> Collections.list(ctx.req().getHeaders(name)));
    }

    /** The rate-limit key of a client connected from {@code peer}, whose request carries {@code headers} (values by name). */
    String key(String peer, java.util.function.Function<String, List<String>> headers) {
        Optional<InetAddress> client = literal(peer);
        if (client.isEmpty()) {
            return "ip:" + peer;
        }
        if (header.isPresent() && trusted.test(client.get())) {
            client = Optional.of(forwarded(client.get(), headers.apply(header.get())));
        }
        return key(client.get());
    }

    /** The rightmost address in the header that is not a trusted proxy; a malformed entry stops the walk. */
    private InetAddress forwarded(InetAddress peer, List<String> values) {
        List<String> hops = new ArrayList<>();
        for (String value : values) {
            for (String hop : value.split(",")) {
                hops.add(hop.strip());
            }
        }
        InetAddress client = peer;
        for (int i = hops.size() - 1; i >= 0; i--) {
            Optional<InetAddress> hop = literal(hops.get(i));
            if (hop.isEmpty()) {
                break;
            }
            client = hop.get();
            if (!trusted.test(client)) {
                break;
            }
        }
        return client;
    }

    static String key(InetAddress address) {
        if (address instanceof Inet4Address) {
            return "ip:" + address.getHostAddress();
        }
        byte[] prefix = java.util.Arrays.copyOf(address.getAddress(), 8);
        return "ip6:" + HexFormat.of().formatHex(prefix) + "/64";
    }

    /** A literal IPv4 or IPv6 address; never a host name, so no lookup ever happens here. */
    static Optional<InetAddress> literal(String text) {
        String candidate = text.startsWith("[") && text.endsWith("]") ? text.substring(1, text.length() - 1) : text;
        if (!IPV4.matcher(candidate).matches() && !IPV6.matcher(candidate).matches()) {
            return Optional.empty();
        }
        try {
            return Optional.of(InetAddress.getByName(candidate));
        } catch (UnknownHostException e) {
            return Optional.empty();
        }
    }
}
