package io.feedline.app.http;

import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Random;
import javax.imageio.ImageIO;

/** Real images for upload tests, drawn and encoded with ImageIO, and the multipart bodies that carry them. */
public final class Images {
    public static final String BOUNDARY = "feedline-test-boundary";
    public static final String MULTIPART = "multipart/form-data; boundary=" + BOUNDARY;

    private Images() {}

    /** A PNG of two colour halves, {@code width} by {@code height}. */
    public static byte[] png(int width, int height) {
        BufferedImage image = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        g.setColor(Color.ORANGE);
        g.fillRect(0, 0, width / 2, height);
        g.setColor(Color.BLUE);
        g.fillRect(width / 2, 0, width - width / 2, height);
        g.dispose();
        return encode(image, "png");
    }

    /** A PNG of random pixels: it compresses to about three bytes a pixel. */
    public static byte[] noisyPng(int width, int height, long seed) {
        BufferedImage image = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
        Random random = new Random(seed);
        for (int y = 0; y < height; y++) {
            for (int x = 0; x < width; x++) {
                image.setRGB(x, y, random.nextInt(1 << 24));
            }
        }
        return encode(image, "png");
    }

    public static byte[] jpeg(int width, int height) {
        BufferedImage image = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        g.setColor(Color.GREEN);
        g.fillRect(0, 0, width, height);
        g.dispose();
        return encode(image, "jpeg");
    }

    /** The decoded image's width and height. */
    public static int[] size(byte[] encoded) {
        try {
            BufferedImage image = ImageIO.read(new ByteArrayInputStream(encoded));
            if (image == null) {
                throw new AssertionError("not an image ImageIO reads");
            }
            return new int[] {image.getWidth(), image.getHeight()};
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The first bytes of an MP4 file: a video, recognisable by its type box. */
    public static byte[] mp4() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(new byte[] {0, 0, 0, 0x20});
        out.writeBytes("ftypisom".getBytes(StandardCharsets.US_ASCII));
        out.writeBytes(new byte[] {0, 0, 2, 0});
        out.writeBytes("isomiso2avc1mp41".getBytes(StandardCharsets.US_ASCII));
        out.writeBytes(new byte[] {0, 0, 0, 8});
        out.writeBytes("free".getBytes(StandardCharsets.US_ASCII));
        out.writeBytes(new byte[64]);
        return out.toByteArray();
    }

    private static byte[] encode(BufferedImage image, String format) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            if (!ImageIO.write(image, format, out)) {
                throw new IllegalStateException("no ImageIO writer for " + format);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }

    /** A multipart body: {@code file} (when not null) under the name {@code fileField}, then text fields as name, value pairs. */
    public static byte[] multipart(String fileField, byte[] file, String... fields) {
        return multipart(file == null ? java.util.Map.of() : java.util.Map.of(fileField, file), fields);
    }

    /** A multipart body with each of {@code files} under its name, then text fields as name, value pairs. */
    public static byte[] multipart(java.util.Map<String, byte[]> files, String... fields) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        files.forEach((name, file) -> {
            out.writeBytes(("--" + BOUNDARY + "\r\nContent-Disposition: form-data; name=\"" + name
                    + "\"; filename=\"upload.bin\"\r\nContent-Type: application/octet-stream\r\n\r\n").getBytes(StandardCharsets.UTF_8));
            out.writeBytes(file);
            out.writeBytes("\r\n".getBytes(StandardCharsets.UTF_8));
        });
        for (int i = 0; i < fields.length; i += 2) {
            out.writeBytes(("--" + BOUNDARY + "\r\nContent-Disposition: form-data; name=\"" + fields[i] + "\"\r\n\r\n"
                    + fields[i + 1] + "\r\n").getBytes(StandardCharsets.UTF_8));
        }
        out.writeBytes(("--" + BOUNDARY + "--\r\n").getBytes(StandardCharsets.UTF_8));
        return out.toByteArray();
    }

    /** An upload body with {@code file} as the part {@code file}. */
    public static byte[] upload(byte[] file, String... fields) {
        return multipart("file", file, fields);
    }
}
