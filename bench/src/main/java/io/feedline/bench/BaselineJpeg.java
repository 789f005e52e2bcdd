package io.feedline.bench;

import java.io.ByteArrayOutputStream;

/**
 * A plain baseline JPEG encoder (JFIF, YCbCr 4:2:0, the standard tables of ITU T.81 Annex K scaled
 * to an IJG quality, as cameras and libjpeg write them), so that the bench can make its photos
 * without an imaging library: those stay in the imaging adapter, behind MediaProcessing. It writes
 * no metadata but the JFIF header.
 */
final class BaselineJpeg {
    private BaselineJpeg() {}

    private static final int[] LUMA_QUANT = {
        16, 11, 10, 16, 24, 40, 51, 61,
        12, 12, 14, 19, 26, 58, 60, 55,
        14, 13, 16, 24, 40, 57, 69, 56,
        14, 17, 22, 29, 51, 87, 80, 62,
        18, 22, 37, 56, 68, 109, 103, 77,
        24, 35, 55, 64, 81, 104, 113, 92,
        49, 64, 78, 87, 103, 121, 120, 101,
        72, 92, 95, 98, 112, 100, 103, 99};
    private static final int[] CHROMA_QUANT = {
        17, 18, 24, 47, 99, 99, 99, 99,
        18, 21, 26, 66, 99, 99, 99, 99,
        24, 26, 56, 99, 99, 99, 99, 99,
        47, 66, 99, 99, 99, 99, 99, 99,
        99, 99, 99, 99, 99, 99, 99, 99,
        99, 99, 99, 99, 99, 99, 99, 99,
        99, 99, 99, 99, 99, 99, 99, 99,
        99, 99, 99, 99, 99, 99, 99, 99};

    private static final int[] DC_LUMA_BITS = {0, 1, 5, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0};
    private static final int[] DC_CHROMA_BITS = {0, 3, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0};
    private static final int[] DC_VALUES = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11};
    private static final int[] AC_LUMA_BITS = {0, 2, 1, 3, 3, 2, 4, 3, 5, 5, 4, 4, 0, 0, 1, 0x7d};
    private static final int[] AC_LUMA_VALUES = {
        0x01, 0x02, 0x03, 0x00, 0x04, 0x11, 0x05, 0x12, 0x21, 0x31, 0x41, 0x06, 0x13, 0x51, 0x61, 0x07,
        0x22, 0x71, 0x14, 0x32, 0x81, 0x91, 0xa1, 0x08, 0x23, 0x42, 0xb1, 0xc1, 0x15, 0x52, 0xd1, 0xf0,
        0x24, 0x33, 0x62, 0x72, 0x82, 0x09, 0x0a, 0x16, 0x17, 0x18, 0x19, 0x1a, 0x25, 0x26, 0x27, 0x28,
        0x29, 0x2a, 0x34, 0x35, 0x36, 0x37, 0x38, 0x39, 0x3a, 0x43, 0x44, 0x45, 0x46, 0x47, 0x48, 0x49,
        0x4a, 0x53, 0x54, 0x55, 0x56, 0x57, 0x58, 0x59, 0x5a, 0x63, 0x64, 0x65, 0x66, 0x67, 0x68, 0x69,
        0x6a, 0x73, 0x74, 0x75, 0x76, 0x77, 0x78, 0x79, 0x7a, 0x83, 0x84, 0x85, 0x86, 0x87, 0x88, 0x89,
        0x8a, 0x92, 0x93, 0x94, 0x95, 0x96, 0x97, 0x98, 0x99, 0x9a, 0xa2, 0xa3, 0xa4, 0xa5, 0xa6, 0xa7,
        0xa8, 0xa9, 0xaa, 0xb2, 0xb3, 0xb4, 0xb5, 0xb6, 0xb7, 0xb8, 0xb9, 0xba, 0xc2, 0xc3, 0xc4, 0xc5,
        0xc6, 0xc7, 0xc8, 0xc9, 0xca, 0xd2, 0xd3, 0xd4, 0xd5, 0xd6, 0xd7, 0xd8, 0xd9, 0xda, 0xe1, 0xe2,
        0xe3, 0xe4, 0xe5, 0xe6, 0xe7, 0xe8, 0xe9, 0xea, 0xf1, 0xf2, 0xf3, 0xf4, 0xf5, 0xf6, 0xf7, 0xf8,
        0xf9, 0xfa};
    private static final int[] AC_CHROMA_BITS = {0, 2, 1, 2, 4, 4, 3, 4, 7, 5, 4, 4, 0, 1, 2, 0x77};
    private static final int[] AC_CHROMA_VALUES = {
        0x00, 0x01, 0x02, 0x03, 0x11, 0x04, 0x05, 0x21, 0x31, 0x06, 0x12, 0x41, 0x51, 0x07, 0x61, 0x71,
        0x13, 0x22, 0x32, 0x81, 0x08, 0x14, 0x42, 0x91, 0xa1, 0xb1, 0xc1, 0x09, 0x23, 0x33, 0x52, 0xf0,
        0x15, 0x62, 0x72, 0xd1, 0x0a, 0x16, 0x24, 0x34, 0xe1, 0x25, 0xf1, 0x17, 0x18, 0x19, 0x1a, 0x26,
        0x27, 0x28, 0x29, 0x2a, 0x35, 0x36, 0x37, 0x38, 0x39, 0x3a, 0x43, 0x44, 0x45, 0x46, 0x47, 0x48,
        0x49, 0x4a, 0x53, 0x54, 0x55, 0x56, 0x57, 0x58, 0x59, 0x5a, 0x63, 0x64, 0x65, 0x66, 0x67, 0x68,
        0x69, 0x6a, 0x73, 0x74, 0x75, 0x76, 0x77, 0x78, 0x79, 0x7a, 0x82, 0x83, 0x84, 0x85, 0x86, 0x87,
        0x88, 0x89, 0x8a, 0x92, 0x93, 0x94, 0x95, 0x96, 0x97, 0x98, 0x99, 0x9a, 0xa2, 0xa3, 0xa4, 0xa5,
        0xa6, 0xa7, 0xa8, 0xa9, 0xaa, 0xb2, 0xb3, 0xb4, 0xb5, 0xb6, 0xb7, 0xb8, 0xb9, 0xba, 0xc2, 0xc3,
        0xc4, 0xc5, 0xc6, 0xc7, 0xc8, 0xc9, 0xca, 0xd2, 0xd3, 0xd4, 0xd5, 0xd6, 0xd7, 0xd8, 0xd9, 0xda,
        0xe2, 0xe3, 0xe4, 0xe5, 0xe6, 0xe7, 0xe8, 0xe9, 0xea, 0xf2, 0xf3, 0xf4, 0xf5, 0xf6, 0xf7, 0xf8,
        0xf9, 0xfa};

    /** The natural (row-major) index of the k-th coefficient in zig-zag order. */
    private static final int[] ZIGZAG = zigzag();
    /** The DCT basis: COS[u][x] = C(u) / 2 * cos((2x + 1) u pi / 16). */
    private static final double[][] COS = basis();

    private static final Huffman DC_LUMA = new Huffman(DC_LUMA_BITS, DC_VALUES, false);
    private static final Huffman DC_CHROMA = new Huffman(DC_CHROMA_BITS, DC_VALUES, false);
    private static final Huffman AC_LUMA = new Huffman(AC_LUMA_BITS, AC_LUMA_VALUES, true);
    private static final Huffman AC_CHROMA = new Huffman(AC_CHROMA_BITS, AC_CHROMA_VALUES, true);

    /**
     * {@code rgb} holds {@code width * height} pixels, row by row, as 0xRRGGBB; {@code quality} is
     * IJG's, 1 to 100.
     */
    static byte[] encode(int width, int height, int[] rgb, int quality) {
        if (width < 1 || height < 1 || width > 65_535 || height > 65_535 || rgb.length != width * height) {
            throw new IllegalArgumentException("a JPEG is 1 to 65,535 pixels a side, with one int a pixel");
        }
        if (quality < 1 || quality > 100) {
            throw new IllegalArgumentException("quality is 1 to 100, not " + quality);
        }
        int[] lumaTable = scaled(LUMA_QUANT, quality);
        int[] chromaTable = scaled(CHROMA_QUANT, quality);
        ByteArrayOutputStream out = new ByteArrayOutputStream(width * height / 4 + 1024);
        marker(out, 0xd8);
        segment(out, 0xe0, new byte[] {'J', 'F', 'I', 'F', 0, 1, 1, 0, 0, 1, 0, 1, 0, 0});
        out.write(0xff);
        out.write(0xdb);
        short16(out, 2 + 2 * 65);
        quantTable(out, 0, lumaTable);
        quantTable(out, 1, chromaTable);
        segment(out, 0xc0, new byte[] {8, (byte) (height >> 8), (byte) height, (byte) (width >> 8), (byte) width, 3,
            1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1});
        out.write(0xff);
        out.write(0xc4);
        short16(out, 2 + DC_LUMA.length() + DC_CHROMA.length() + AC_LUMA.length() + AC_CHROMA.length());
        DC_LUMA.write(out, 0x00);
        AC_LUMA.write(out, 0x10);
        DC_CHROMA.write(out, 0x01);
        AC_CHROMA.write(out, 0x11);
        segment(out, 0xda, new byte[] {3, 1, 0x00, 2, 0x11, 3, 0x11, 0, 63, 0});

        Bits bits = new Bits(out);
        int[] dc = new int[3];
        double[] block = new double[64];
        double[] cb = new double[64];
        double[] cr = new double[64];
        for (int my = 0; my < height; my += 16) {
            for (int mx = 0; mx < width; mx += 16) {
                for (int b = 0; b < 4; b++) {
                    int bx = mx + (b & 1) * 8;
                    int by = my + (b >> 1) * 8;
                    for (int y = 0; y < 8; y++) {
                        for (int x = 0; x < 8; x++) {
                            int p = pixel(rgb, width, height, bx + x, by + y);
                            block[y * 8 + x] = 0.299 * (p >> 16 & 0xff) + 0.587 * (p >> 8 & 0xff) + 0.114 * (p & 0xff) - 128;
                        }
                    }
                    dc[0] = block(bits, block, lumaTable, dc[0], DC_LUMA, AC_LUMA);
                }
                // Chroma: the mean of each 2 x 2 pixels of the 16 x 16 MCU.
                for (int y = 0; y < 8; y++) {
                    for (int x = 0; x < 8; x++) {
                        double sumCb = 0;
                        double sumCr = 0;
                        for (int dy = 0; dy < 2; dy++) {
                            for (int dx = 0; dx < 2; dx++) {
                                int p = pixel(rgb, width, height, mx + 2 * x + dx, my + 2 * y + dy);
                                int r = p >> 16 & 0xff;
                                int g = p >> 8 & 0xff;
                                int bl = p & 0xff;
                                sumCb += -0.168736 * r - 0.331264 * g + 0.5 * bl;
                                sumCr += 0.5 * r - 0.418688 * g - 0.081312 * bl;
                            }
                        }
                        cb[y * 8 + x] = sumCb / 4;
                        cr[y * 8 + x] = sumCr / 4;
                    }
                }
                dc[1] = block(bits, cb, chromaTable, dc[1], DC_CHROMA, AC_CHROMA);
                dc[2] = block(bits, cr, chromaTable, dc[2], DC_CHROMA, AC_CHROMA);
            }
        }
        bits.flush();
        marker(out, 0xd9);
        return out.toByteArray();
    }

    /** Transforms, quantises and codes one level-shifted 8 x 8 block; the block's DC value. */
    private static int block(Bits bits, double[] samples, int[] table, int previousDc, Huffman dcCodes, Huffman acCodes) {
        double[] rows = new double[64];
        for (int y = 0; y < 8; y++) {
            for (int u = 0; u < 8; u++) {
                double sum = 0;
                for (int x = 0; x < 8; x++) {
                    sum += COS[u][x] * samples[y * 8 + x];
                }
                rows[y * 8 + u] = sum;
            }
        }
        int[] quantised = new int[64];
        for (int v = 0; v < 8; v++) {
            for (int u = 0; u < 8; u++) {
                double sum = 0;
                for (int y = 0; y < 8; y++) {
                    sum += COS[v][y] * rows[y * 8 + u];
                }
                quantised[v * 8 + u] = (int) Math.round(sum / table[v * 8 + u]);
            }
        }
        int dc = quantised[0];
        int diff = dc - previousDc;
        int size = magnitude(diff);
        dcCodes.emit(bits, size);
        bits.write(amplitude(diff, size), size);
        int run = 0;
        for (int k = 1; k < 64; k++) {
            int value = quantised[ZIGZAG[k]];
            if (value == 0) {
                run++;
                continue;
            }
            while (run > 15) {
                acCodes.emit(bits, 0xf0);
                run -= 16;
            }
            int s = magnitude(value);
            acCodes.emit(bits, (run << 4) | s);
            bits.write(amplitude(value, s), s);
            run = 0;
        }
        if (run > 0) {
            acCodes.emit(bits, 0x00);
        }
        return dc;
    }

    private static int pixel(int[] rgb, int width, int height, int x, int y) {
        return rgb[Math.min(y, height - 1) * width + Math.min(x, width - 1)];
    }

    private static int magnitude(int value) {
        return 32 - Integer.numberOfLeadingZeros(Math.abs(value));
    }

    /** The value's bits as JPEG sends them: negative values as value - 1 in {@code size} bits. */
    private static int amplitude(int value, int size) {
        return value >= 0 ? value : (value - 1) & ((1 << size) - 1);
    }

    private static int[] scaled(int[] base, int quality) {
        int scale = quality < 50 ? 5000 / quality : 200 - 2 * quality;
        int[] table = new int[64];
        for (int i = 0; i < 64; i++) {
            table[i] = Math.max(1, Math.min(255, (base[i] * scale + 50) / 100));
        }
        return table;
    }

    private static void quantTable(ByteArrayOutputStream out, int id, int[] table) {
        out.write(id);
        for (int k = 0; k < 64; k++) {
            out.write(table[ZIGZAG[k]]);
        }
    }

    private static void marker(ByteArrayOutputStream out, int code) {
        out.write(0xff);
        out.write(code);
    }

    private static void segment(ByteArrayOutputStream out, int code, byte[] body) {
        marker(out, code);
        short16(out, body.length + 2);
        out.writeBytes(body);
    }

    private static void short16(ByteArrayOutputStream out, int value) {
        out.write(value >> 8);
        out.write(value);
    }

    private static int[] zigzag() {
        int[] order = new int[64];
        int k = 0;
        for (int s = 0; s < 15; s++) {
            int low = Math.max(0, s - 7);
            int high = Math.min(s, 7);
            for (int i = 0; i <= high - low; i++) {
                int row = s % 2 == 0 ? high - i : low + i;
                order[k++] = row * 8 + (s - row);
            }
        }
        return order;
    }

    private static double[][] basis() {
        double[][] cos = new double[8][8];
        for (int u = 0; u < 8; u++) {
            double c = u == 0 ? Math.sqrt(0.5) : 1;
            for (int x = 0; x < 8; x++) {
                cos[u][x] = c / 2 * Math.cos((2 * x + 1) * u * Math.PI / 16);
            }
        }
        return cos;
    }

    /** A Huffman table given as T.81 does (code counts by length, then symbols), with its codes. */
    private static final class Huffman {
        private final int[] bits;
        private final int[] values;
        private final int[] code = new int[256];
        private final int[] size = new int[256];

        Huffman(int[] bits, int[] values, boolean ac) {
            this.bits = bits;
            this.values = values;
            int total = 0;
            for (int count : bits) {
                total += count;
            }
            if (total != values.length) {
                throw new IllegalStateException("a Huffman table counts " + total + " codes for " + values.length + " symbols");
            }
            int next = 0;
            int k = 0;
            for (int length = 1; length <= 16; length++) {
                for (int i = 0; i < bits[length - 1]; i++) {
                    int symbol = values[k++];
                    if (size[symbol] != 0) {
                        throw new IllegalStateException("symbol " + symbol + " twice in a Huffman table");
                    }
                    code[symbol] = next++;
                    size[symbol] = length;
                }
                next <<= 1;
            }
            // Every symbol the encoder may send must have a code: a typo in a table fails here, not in a decoder.
            if (ac) {
                require(0x00);
                require(0xf0);
                for (int run = 0; run < 16; run++) {
                    for (int s = 1; s <= 10; s++) {
                        require((run << 4) | s);
                    }
                }
            } else {
                for (int s = 0; s <= 11; s++) {
                    require(s);
                }
            }
        }

        private void require(int symbol) {
            if (size[symbol] == 0) {
                throw new IllegalStateException("no Huffman code for symbol " + symbol);
            }
        }

        int length() {
            return 1 + 16 + values.length;
        }

        void write(ByteArrayOutputStream out, int classAndId) {
            out.write(classAndId);
            for (int count : bits) {
                out.write(count);
            }
            for (int value : values) {
                out.write(value);
            }
        }

        void emit(Bits out, int symbol) {
            out.write(code[symbol], size[symbol]);
        }
    }

    /** The entropy-coded bit stream, most significant bit first, with a 0x00 after every 0xFF byte. */
    private static final class Bits {
        private final ByteArrayOutputStream out;
        private long buffer;
        private int count;

        Bits(ByteArrayOutputStream out) {
            this.out = out;
        }

        void write(int value, int length) {
            if (length == 0) {
                return;
            }
            buffer = (buffer << length) | (value & ((1L << length) - 1));
            count += length;
            while (count >= 8) {
                int b = (int) (buffer >> (count - 8)) & 0xff;
                out.write(b);
                if (b == 0xff) {
                    out.write(0);
                }
                count -= 8;
            }
        }

        /** Pads the last byte with one bits, as T.81 asks. */
        void flush() {
            if (count > 0) {
                write((1 << (8 - count)) - 1, 8 - count);
            }
        }
    }
}
