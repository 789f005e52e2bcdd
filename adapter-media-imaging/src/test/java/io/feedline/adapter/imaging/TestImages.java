package io.feedline.adapter.imaging;

import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.zip.CRC32;
import java.util.zip.Deflater;
import javax.imageio.ImageIO;

/** Images drawn and encoded by the tests themselves, and headers crafted to lie about them. */
final class TestImages {
    private TestImages() {}

    /** Left half {@code left}, right half {@code right}. */
    static BufferedImage halves(int width, int height, Color left, Color right) {
        BufferedImage image = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        g.setColor(left);
        g.fillRect(0, 0, width / 2, height);
        g.setColor(right);
        g.fillRect(width / 2, 0, width - width / 2, height);
        g.dispose();
        return image;
    }

    /** Red top-left quarter, green top-right quarter, blue bottom half: no two turns look alike. */
    static BufferedImage quarters(int width, int height) {
        BufferedImage image = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        g.setColor(Color.RED);
        g.fillRect(0, 0, width / 2, height / 2);
        g.setColor(Color.GREEN);
        g.fillRect(width / 2, 0, width - width / 2, height / 2);
        g.setColor(Color.BLUE);
        g.fillRect(0, height / 2, width, height - height / 2);
        g.dispose();
        return image;
    }

    static BufferedImage solid(int width, int height, Color color) {
        return halves(width, height, color, color);
    }

    /** Top half {@code colour} and opaque, bottom half fully transparent. */
    static BufferedImage halfTransparent(int width, int height, Color colour) {
        BufferedImage image = new BufferedImage(width, height, BufferedImage.TYPE_INT_ARGB);
        Graphics2D g = image.createGraphics();
        g.setColor(colour);
        g.fillRect(0, 0, width, height / 2);
        g.dispose();
        return image;
    }

    static byte[] encode(BufferedImage image, String format) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            if (!ImageIO.write(image, format, out)) {
                throw new IllegalStateException("no writer for " + format);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }

    static byte[] fixture(String name) {
        try (InputStream in = TestImages.class.getResourceAsStream("/fixtures/" + name)) {
            if (in == null) {
                throw new IllegalStateException("missing test fixture " + name);
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * An EXIF block as a phone writes it: camera make and model, orientation, and where it was (a
     * GPS IFD with latitude and longitude). Written out by hand as big-endian TIFF (TIFF 6.0, EXIF
     * 2.3), since the point is to know exactly what goes in.
     */
    static byte[] exif(int orientation) {
        ByteBuffer tiff = ByteBuffer.allocate(188);
        tiff.put((byte) 'M').put((byte) 'M').putShort((short) 42).putInt(8);
        // IFD0 at 8: four entries, then no next IFD; its values follow at 62.
        tiff.putShort((short) 4);
        entry(tiff, 271, 2, 14, 62);          // Make, ASCII, at 62
        entry(tiff, 272, 2, 9, 76);           // Model, ASCII, at 76
        tiff.putShort((short) 274).putShort((short) 3).putInt(1).putShort((short) orientation).putShort((short) 0);
        entry(tiff, 34853, 4, 1, 86);         // the GPS IFD, at 86
        tiff.putInt(0);
        tiff.put("FeedlinePhone\0".getBytes(StandardCharsets.US_ASCII));
        tiff.put("Model 47\0".getBytes(StandardCharsets.US_ASCII)).put((byte) 0);
        // The GPS IFD at 86: references N and E inline, the two positions as rationals at 140 and 164.
        tiff.putShort((short) 4);
        tiff.putShort((short) 1).putShort((short) 2).putInt(2).put((byte) 'N').put((byte) 0).putShort((short) 0);
        entry(tiff, 2, 5, 3, 140);
        tiff.putShort((short) 3).putShort((short) 2).putInt(2).put((byte) 'E').put((byte) 0).putShort((short) 0);
        entry(tiff, 4, 5, 3, 164);
        tiff.putInt(0);
        tiff.putInt(48).putInt(1).putInt(51).putInt(1).putInt(2964).putInt(100);
        tiff.putInt(2).putInt(1).putInt(17).putInt(1).putInt(4032).putInt(100);
        byte[] header = "Exif\0\0".getBytes(StandardCharsets.US_ASCII);
        byte[] block = Arrays.copyOf(header, header.length + tiff.capacity());
        System.arraycopy(tiff.array(), 0, block, header.length, tiff.capacity());
        return block;
    }

    private static void entry(ByteBuffer tiff, int tag, int type, int count, int offset) {
        tiff.putShort((short) tag).putShort((short) type).putInt(count).putInt(offset);
    }

    /** {@code jpeg} with an APP1 segment holding {@code exif} right after its start marker. */
    static byte[] withApp1(byte[] jpeg, byte[] exif) {
        ByteBuffer out = ByteBuffer.allocate(jpeg.length + exif.length + 4);
        out.put(jpeg, 0, 2);
        out.put((byte) 0xFF).put((byte) 0xE1).putShort((short) (exif.length + 2)).put(exif);
        out.put(jpeg, 2, jpeg.length - 2);
        return out.array();
    }

    /** A JPEG whose frame header (SOF0) claims {@code width x height}; its data is for a tiny image. */
    static byte[] jpegClaiming(int width, int height) {
        byte[] jpeg = encode(solid(16, 16, Color.GRAY), "jpeg");
        for (int i = 2; i < jpeg.length - 9; i++) {
            if ((jpeg[i] & 0xFF) == 0xFF && (jpeg[i + 1] & 0xFF) == 0xC0) {
                ByteBuffer.wrap(jpeg, i + 5, 4).putShort((short) height).putShort((short) width);
                return jpeg;
            }
        }
        throw new IllegalStateException("no SOF0 in the JPEG ImageIO wrote");
    }

    /** A GIF whose screen and first image descriptor claim {@code width x height}. */
    static byte[] gifClaiming(int width, int height) {
        byte[] gif = encode(solid(16, 16, Color.GRAY), "gif");
        ByteBuffer buffer = ByteBuffer.wrap(gif).order(java.nio.ByteOrder.LITTLE_ENDIAN);
        buffer.putShort(6, (short) width).putShort(8, (short) height);
        for (int i = 13; i < gif.length - 9; i++) {
            if (gif[i] == 0x2C) {
                buffer.putShort(i + 5, (short) width).putShort(i + 7, (short) height);
                return gif;
            }
        }
        throw new IllegalStateException("no image descriptor in the GIF ImageIO wrote");
    }

    /**
     * A valid PNG of a few hundred bytes whose header claims {@code width x height}: its one IDAT
     * holds the first rows only, so decoding would need the whole raster before finding out.
     */
    static byte[] pngClaiming(int width, int height) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(new byte[] {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'});
        ByteBuffer ihdr = ByteBuffer.allocate(13).putInt(width).putInt(height).put((byte) 8).put((byte) 2)
                .put((byte) 0).put((byte) 0).put((byte) 0);
        chunk(out, "IHDR", ihdr.array());
        Deflater deflater = new Deflater();
        deflater.setInput(new byte[4096]);
        deflater.finish();
        byte[] idat = new byte[8192];
        int n = deflater.deflate(idat);
        chunk(out, "IDAT", Arrays.copyOf(idat, n));
        chunk(out, "IEND", new byte[0]);
        return out.toByteArray();
    }

    static void chunk(ByteArrayOutputStream out, String type, byte[] data) {
        byte[] name = type.getBytes(StandardCharsets.US_ASCII);
        out.writeBytes(ByteBuffer.allocate(4).putInt(data.length).array());
        out.writeBytes(name);
        out.writeBytes(data);
        CRC32 crc = new CRC32();
        crc.update(name);
        crc.update(data);
        out.writeBytes(ByteBuffer.allocate(4).putInt((int) crc.getValue()).array());
    }

    static byte[] firstBytes(byte[] bytes, int n) {
        return Arrays.copyOf(bytes, n);
    }
}
