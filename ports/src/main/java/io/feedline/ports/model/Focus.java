package io.feedline.ports.model;

/**
 * The point of an image a client keeps in view when it crops a preview, as Mastodon's focal
 * point: {@code x} from -1 (left) to 1 (right), {@code y} from -1 (bottom) to 1 (top).
 */
public record Focus(double x, double y) {
    /** The centre, where a client crops around when nothing was set. */
    public static final Focus CENTRE = new Focus(0, 0);

    public Focus {
        if (!(x >= -1 && x <= 1) || !(y >= -1 && y <= 1)) {
            throw new FeedlineException.InvalidInput("focus", "focus x and y are each between -1.0 and 1.0");
        }
    }

    /** Parses Mastodon's {@code "x,y"}. */
    public static Focus parse(String value) {
        String[] parts = value == null ? new String[0] : value.split(",", -1);
        if (parts.length != 2) {
            throw new FeedlineException.InvalidInput("focus", "focus is two numbers, \"x,y\", each between -1.0 and 1.0");
        }
        try {
            return new Focus(Double.parseDouble(parts[0].strip()), Double.parseDouble(parts[1].strip()));
        } catch (NumberFormatException e) {
            throw new FeedlineException.InvalidInput("focus", "focus is two numbers, \"x,y\", each between -1.0 and 1.0");
        }
    }
}
